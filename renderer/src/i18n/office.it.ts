/** Italian texts of sharing a shortlist with a casting office: the list's badge and its two actions. */
export const officeIt = {
  region: 'Condivisione in ufficio',
  personal: 'Lista personale: solo su questo computer',
  synced: 'Condivisa con l’ufficio · sincronizzata {time}',
  waiting: 'Condivisa con l’ufficio · ultima sincronizzazione {time}; in attesa di sincronizzazione',
  notSyncedYet: 'Condivisa con l’ufficio · non ancora sincronizzata; in attesa di sincronizzazione',
  refused: 'Condivisa con l’ufficio · l’ufficio ha rifiutato questa lista',
  signedOut: 'Condivisa con l’ufficio · impossibile sincronizzare: questo computer non ha accesso all’ufficio; unisciti di nuovo all’ufficio nella pagina Connessioni · ultima sincronizzazione {time}',
  signedOutNotSyncedYet: 'Condivisa con l’ufficio · impossibile sincronizzare: questo computer non ha accesso all’ufficio; unisciti di nuovo all’ufficio nella pagina Connessioni · non ancora sincronizzata',
  keychainUnavailable: 'Condivisa con l’ufficio · impossibile sincronizzare: il portachiavi di questo computer è bloccato o non è in esecuzione, quindi il token dell’ufficio non può essere letto; sbloccalo, poi scegli «Verifica di nuovo» nella pagina Connessioni · ultima sincronizzazione {time}',
  keychainUnavailableNotSyncedYet: 'Condivisa con l’ufficio · impossibile sincronizzare: il portachiavi di questo computer è bloccato o non è in esecuzione, quindi il token dell’ufficio non può essere letto; sbloccalo, poi scegli «Verifica di nuovo» nella pagina Connessioni · non ancora sincronizzata',
  share: 'Condividi con l’ufficio',
  stopSharing: 'Interrompi la condivisione',
  stopSharingHint: 'Ogni membro conserva una copia personale.',
  stopSharingConfirm: 'Interrompere la condivisione di questa lista? Esce dall’ufficio per tutti i membri: ognuno conserva una copia personale e le modifiche successive non vengono più condivise.',
  stopSharingConfirmHere: 'Tenere questa lista solo su questo computer? L’ufficio e i tuoi colleghi la conservano; le tue modifiche successive non vengono condivise.',
};
