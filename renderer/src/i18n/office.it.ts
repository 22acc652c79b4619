/** Italian texts of sharing a shortlist with a casting office: the list's badge and its two actions. */
export const officeIt = {
  region: 'Condivisione in ufficio',
  personal: 'Lista personale: solo su questo computer',
  synced: 'Condivisa con l’ufficio · sincronizzata {time}',
  waiting: 'Condivisa con l’ufficio · in attesa di sincronizzazione dal {time}',
  refused: 'Condivisa con l’ufficio · l’ufficio ha rifiutato questa lista',
  share: 'Condividi con l’ufficio',
  stopSharing: 'Interrompi la condivisione',
  stopSharingHint: 'Ogni membro conserva una copia personale.',
};
