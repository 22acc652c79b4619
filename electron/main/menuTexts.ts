/**
 * The application menu's words (and its Help dialogs') in every language the UI speaks. The menu is
 * built before any page exists, so it starts in the system's language (app.getLocale()), English
 * where Castdesk does not speak it; once the renderer names the language the user chose in the
 * app, it is rebuilt in that one (menu.ts setMenuLanguage).
 */
export interface MenuTexts {
  file: string;
  edit: string;
  view: string;
  window: string;
  help: string;
  about: string;
  quit: string;
  close: string;
  undo: string;
  redo: string;
  cut: string;
  copy: string;
  paste: string;
  selectAll: string;
  resetZoom: string;
  zoomIn: string;
  zoomOut: string;
  fullScreen: string;
  minimize: string;
  openLogFolder: string;
  saveProblemReport: string;
  /** The folder dialog's title and button for the problem report. */
  reportFolderTitle: string;
  reportFolderButton: string;
  /** The error box when the report could not be written. */
  reportFailed: string;
  /** The About box's button. */
  ok: string;
}

export const menuTexts = {
  en: { file: 'File', edit: 'Edit', view: 'View', window: 'Window', help: 'Help', about: 'About Castdesk', quit: 'Quit Castdesk', close: 'Close Window', undo: 'Undo', redo: 'Redo', cut: 'Cut', copy: 'Copy', paste: 'Paste', selectAll: 'Select All', resetZoom: 'Actual Size', zoomIn: 'Zoom In', zoomOut: 'Zoom Out', fullScreen: 'Toggle Full Screen', minimize: 'Minimize', openLogFolder: 'Open Log Folder', saveProblemReport: 'Save Problem Report…', reportFolderTitle: 'Choose where to save the problem report', reportFolderButton: 'Save Report Here', reportFailed: 'The problem report could not be saved', ok: 'OK' },
  de: { file: 'Datei', edit: 'Bearbeiten', view: 'Ansicht', window: 'Fenster', help: 'Hilfe', about: 'Über Castdesk', quit: 'Castdesk beenden', close: 'Fenster schließen', undo: 'Rückgängig', redo: 'Wiederholen', cut: 'Ausschneiden', copy: 'Kopieren', paste: 'Einfügen', selectAll: 'Alles auswählen', resetZoom: 'Originalgröße', zoomIn: 'Vergrößern', zoomOut: 'Verkleinern', fullScreen: 'Vollbild ein/aus', minimize: 'Minimieren', openLogFolder: 'Protokollordner öffnen', saveProblemReport: 'Problembericht speichern…', reportFolderTitle: 'Ort für den Problembericht wählen', reportFolderButton: 'Bericht hier speichern', reportFailed: 'Der Problembericht konnte nicht gespeichert werden', ok: 'OK' },
  fr: { file: 'Fichier', edit: 'Édition', view: 'Affichage', window: 'Fenêtre', help: 'Aide', about: 'À propos de Castdesk', quit: 'Quitter Castdesk', close: 'Fermer la fenêtre', undo: 'Annuler', redo: 'Rétablir', cut: 'Couper', copy: 'Copier', paste: 'Coller', selectAll: 'Tout sélectionner', resetZoom: 'Taille réelle', zoomIn: 'Zoom avant', zoomOut: 'Zoom arrière', fullScreen: 'Plein écran', minimize: 'Réduire', openLogFolder: 'Ouvrir le dossier des journaux', saveProblemReport: 'Enregistrer un rapport de problème…', reportFolderTitle: 'Choisir où enregistrer le rapport de problème', reportFolderButton: 'Enregistrer ici', reportFailed: 'Le rapport de problème n’a pas pu être enregistré', ok: 'OK' },
  it: { file: 'File', edit: 'Modifica', view: 'Vista', window: 'Finestra', help: 'Aiuto', about: 'Informazioni su Castdesk', quit: 'Esci da Castdesk', close: 'Chiudi finestra', undo: 'Annulla', redo: 'Ripeti', cut: 'Taglia', copy: 'Copia', paste: 'Incolla', selectAll: 'Seleziona tutto', resetZoom: 'Dimensioni reali', zoomIn: 'Ingrandisci', zoomOut: 'Riduci', fullScreen: 'Schermo intero', minimize: 'Riduci a icona', openLogFolder: 'Apri cartella dei log', saveProblemReport: 'Salva rapporto sul problema…', reportFolderTitle: 'Scegli dove salvare il rapporto sul problema', reportFolderButton: 'Salva qui', reportFailed: 'Impossibile salvare il rapporto sul problema', ok: 'OK' },
  es: { file: 'Archivo', edit: 'Editar', view: 'Ver', window: 'Ventana', help: 'Ayuda', about: 'Acerca de Castdesk', quit: 'Salir de Castdesk', close: 'Cerrar ventana', undo: 'Deshacer', redo: 'Rehacer', cut: 'Cortar', copy: 'Copiar', paste: 'Pegar', selectAll: 'Seleccionar todo', resetZoom: 'Tamaño real', zoomIn: 'Ampliar', zoomOut: 'Reducir', fullScreen: 'Pantalla completa', minimize: 'Minimizar', openLogFolder: 'Abrir carpeta de registros', saveProblemReport: 'Guardar informe del problema…', reportFolderTitle: 'Elige dónde guardar el informe del problema', reportFolderButton: 'Guardar aquí', reportFailed: 'No se pudo guardar el informe del problema', ok: 'Aceptar' },
  pl: { file: 'Plik', edit: 'Edycja', view: 'Widok', window: 'Okno', help: 'Pomoc', about: 'O programie Castdesk', quit: 'Zakończ Castdesk', close: 'Zamknij okno', undo: 'Cofnij', redo: 'Ponów', cut: 'Wytnij', copy: 'Kopiuj', paste: 'Wklej', selectAll: 'Zaznacz wszystko', resetZoom: 'Rzeczywisty rozmiar', zoomIn: 'Powiększ', zoomOut: 'Pomniejsz', fullScreen: 'Pełny ekran', minimize: 'Minimalizuj', openLogFolder: 'Otwórz folder dziennika', saveProblemReport: 'Zapisz raport o problemie…', reportFolderTitle: 'Wybierz, gdzie zapisać raport o problemie', reportFolderButton: 'Zapisz tutaj', reportFailed: 'Nie udało się zapisać raportu o problemie', ok: 'OK' },
  ro: { file: 'Fișier', edit: 'Editare', view: 'Vizualizare', window: 'Fereastră', help: 'Ajutor', about: 'Despre Castdesk', quit: 'Ieșire din Castdesk', close: 'Închide fereastra', undo: 'Anulează', redo: 'Refă', cut: 'Decupează', copy: 'Copiază', paste: 'Lipește', selectAll: 'Selectează tot', resetZoom: 'Mărime reală', zoomIn: 'Mărește', zoomOut: 'Micșorează', fullScreen: 'Ecran complet', minimize: 'Minimizează', openLogFolder: 'Deschide dosarul de jurnale', saveProblemReport: 'Salvează raportul de problemă…', reportFolderTitle: 'Alege unde se salvează raportul de problemă', reportFolderButton: 'Salvează aici', reportFailed: 'Raportul de problemă nu a putut fi salvat', ok: 'OK' },
  uk: { file: 'Файл', edit: 'Редагування', view: 'Вигляд', window: 'Вікно', help: 'Довідка', about: 'Про Castdesk', quit: 'Вийти з Castdesk', close: 'Закрити вікно', undo: 'Скасувати', redo: 'Повторити', cut: 'Вирізати', copy: 'Копіювати', paste: 'Вставити', selectAll: 'Виділити все', resetZoom: 'Фактичний розмір', zoomIn: 'Збільшити', zoomOut: 'Зменшити', fullScreen: 'Повноекранний режим', minimize: 'Згорнути', openLogFolder: 'Відкрити теку журналів', saveProblemReport: 'Зберегти звіт про проблему…', reportFolderTitle: 'Виберіть, куди зберегти звіт про проблему', reportFolderButton: 'Зберегти тут', reportFailed: 'Не вдалося зберегти звіт про проблему', ok: 'OK' },
  ru: { file: 'Файл', edit: 'Правка', view: 'Вид', window: 'Окно', help: 'Справка', about: 'О программе Castdesk', quit: 'Выйти из Castdesk', close: 'Закрыть окно', undo: 'Отменить', redo: 'Повторить', cut: 'Вырезать', copy: 'Копировать', paste: 'Вставить', selectAll: 'Выделить всё', resetZoom: 'Фактический размер', zoomIn: 'Увеличить', zoomOut: 'Уменьшить', fullScreen: 'Полноэкранный режим', minimize: 'Свернуть', openLogFolder: 'Открыть папку журналов', saveProblemReport: 'Сохранить отчёт о проблеме…', reportFolderTitle: 'Выберите, куда сохранить отчёт о проблеме', reportFolderButton: 'Сохранить здесь', reportFailed: 'Не удалось сохранить отчёт о проблеме', ok: 'OK' },
  tr: { file: 'Dosya', edit: 'Düzen', view: 'Görünüm', window: 'Pencere', help: 'Yardım', about: 'Castdesk Hakkında', quit: 'Castdesk’ten Çık', close: 'Pencereyi Kapat', undo: 'Geri Al', redo: 'Yinele', cut: 'Kes', copy: 'Kopyala', paste: 'Yapıştır', selectAll: 'Tümünü Seç', resetZoom: 'Gerçek Boyut', zoomIn: 'Yakınlaştır', zoomOut: 'Uzaklaştır', fullScreen: 'Tam Ekran', minimize: 'Simge Durumuna Küçült', openLogFolder: 'Günlük Klasörünü Aç', saveProblemReport: 'Sorun Raporunu Kaydet…', reportFolderTitle: 'Sorun raporunun kaydedileceği yeri seçin', reportFolderButton: 'Buraya Kaydet', reportFailed: 'Sorun raporu kaydedilemedi', ok: 'Tamam' },
} as const satisfies Record<string, MenuTexts>;

/** The menu's words for a system locale such as 'de-AT' or 'pt-BR' (English when Castdesk lacks it). */
export function menuTextsFor(systemLocale: string): MenuTexts {
  const base = systemLocale.toLowerCase().split(/[-_]/)[0] ?? '';
  return (menuTexts as Record<string, MenuTexts>)[base] ?? menuTexts.en;
}
