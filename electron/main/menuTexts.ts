/**
 * The application menu's words in every language the UI speaks. The menu is built by the main
 * process before any page exists, so it speaks the system's language (app.getLocale()), as the
 * platform's own menus do; English where the system speaks a language Castdesk does not.
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
}

export const menuTexts = {
  en: { file: 'File', edit: 'Edit', view: 'View', window: 'Window', help: 'Help', about: 'About Castdesk', quit: 'Quit Castdesk', close: 'Close Window', undo: 'Undo', redo: 'Redo', cut: 'Cut', copy: 'Copy', paste: 'Paste', selectAll: 'Select All', resetZoom: 'Actual Size', zoomIn: 'Zoom In', zoomOut: 'Zoom Out', fullScreen: 'Toggle Full Screen', minimize: 'Minimize' },
  de: { file: 'Datei', edit: 'Bearbeiten', view: 'Ansicht', window: 'Fenster', help: 'Hilfe', about: 'Über Castdesk', quit: 'Castdesk beenden', close: 'Fenster schließen', undo: 'Rückgängig', redo: 'Wiederholen', cut: 'Ausschneiden', copy: 'Kopieren', paste: 'Einfügen', selectAll: 'Alles auswählen', resetZoom: 'Originalgröße', zoomIn: 'Vergrößern', zoomOut: 'Verkleinern', fullScreen: 'Vollbild ein/aus', minimize: 'Minimieren' },
  fr: { file: 'Fichier', edit: 'Édition', view: 'Affichage', window: 'Fenêtre', help: 'Aide', about: 'À propos de Castdesk', quit: 'Quitter Castdesk', close: 'Fermer la fenêtre', undo: 'Annuler', redo: 'Rétablir', cut: 'Couper', copy: 'Copier', paste: 'Coller', selectAll: 'Tout sélectionner', resetZoom: 'Taille réelle', zoomIn: 'Zoom avant', zoomOut: 'Zoom arrière', fullScreen: 'Plein écran', minimize: 'Réduire' },
  it: { file: 'File', edit: 'Modifica', view: 'Vista', window: 'Finestra', help: 'Aiuto', about: 'Informazioni su Castdesk', quit: 'Esci da Castdesk', close: 'Chiudi finestra', undo: 'Annulla', redo: 'Ripeti', cut: 'Taglia', copy: 'Copia', paste: 'Incolla', selectAll: 'Seleziona tutto', resetZoom: 'Dimensioni reali', zoomIn: 'Ingrandisci', zoomOut: 'Riduci', fullScreen: 'Schermo intero', minimize: 'Riduci a icona' },
  es: { file: 'Archivo', edit: 'Editar', view: 'Ver', window: 'Ventana', help: 'Ayuda', about: 'Acerca de Castdesk', quit: 'Salir de Castdesk', close: 'Cerrar ventana', undo: 'Deshacer', redo: 'Rehacer', cut: 'Cortar', copy: 'Copiar', paste: 'Pegar', selectAll: 'Seleccionar todo', resetZoom: 'Tamaño real', zoomIn: 'Ampliar', zoomOut: 'Reducir', fullScreen: 'Pantalla completa', minimize: 'Minimizar' },
  pl: { file: 'Plik', edit: 'Edycja', view: 'Widok', window: 'Okno', help: 'Pomoc', about: 'O programie Castdesk', quit: 'Zakończ Castdesk', close: 'Zamknij okno', undo: 'Cofnij', redo: 'Ponów', cut: 'Wytnij', copy: 'Kopiuj', paste: 'Wklej', selectAll: 'Zaznacz wszystko', resetZoom: 'Rzeczywisty rozmiar', zoomIn: 'Powiększ', zoomOut: 'Pomniejsz', fullScreen: 'Pełny ekran', minimize: 'Minimalizuj' },
  ro: { file: 'Fișier', edit: 'Editare', view: 'Vizualizare', window: 'Fereastră', help: 'Ajutor', about: 'Despre Castdesk', quit: 'Ieșire din Castdesk', close: 'Închide fereastra', undo: 'Anulează', redo: 'Refă', cut: 'Decupează', copy: 'Copiază', paste: 'Lipește', selectAll: 'Selectează tot', resetZoom: 'Mărime reală', zoomIn: 'Mărește', zoomOut: 'Micșorează', fullScreen: 'Ecran complet', minimize: 'Minimizează' },
  uk: { file: 'Файл', edit: 'Редагування', view: 'Вигляд', window: 'Вікно', help: 'Довідка', about: 'Про Castdesk', quit: 'Вийти з Castdesk', close: 'Закрити вікно', undo: 'Скасувати', redo: 'Повторити', cut: 'Вирізати', copy: 'Копіювати', paste: 'Вставити', selectAll: 'Виділити все', resetZoom: 'Фактичний розмір', zoomIn: 'Збільшити', zoomOut: 'Зменшити', fullScreen: 'Повноекранний режим', minimize: 'Згорнути' },
  ru: { file: 'Файл', edit: 'Правка', view: 'Вид', window: 'Окно', help: 'Справка', about: 'О программе Castdesk', quit: 'Выйти из Castdesk', close: 'Закрыть окно', undo: 'Отменить', redo: 'Повторить', cut: 'Вырезать', copy: 'Копировать', paste: 'Вставить', selectAll: 'Выделить всё', resetZoom: 'Фактический размер', zoomIn: 'Увеличить', zoomOut: 'Уменьшить', fullScreen: 'Полноэкранный режим', minimize: 'Свернуть' },
  tr: { file: 'Dosya', edit: 'Düzen', view: 'Görünüm', window: 'Pencere', help: 'Yardım', about: 'Castdesk Hakkında', quit: 'Castdesk’ten Çık', close: 'Pencereyi Kapat', undo: 'Geri Al', redo: 'Yinele', cut: 'Kes', copy: 'Kopyala', paste: 'Yapıştır', selectAll: 'Tümünü Seç', resetZoom: 'Gerçek Boyut', zoomIn: 'Yakınlaştır', zoomOut: 'Uzaklaştır', fullScreen: 'Tam Ekran', minimize: 'Simge Durumuna Küçült' },
} as const satisfies Record<string, MenuTexts>;

/** The menu's words for a system locale such as 'de-AT' or 'pt-BR' (English when Castdesk lacks it). */
export function menuTextsFor(systemLocale: string): MenuTexts {
  const base = systemLocale.toLowerCase().split(/[-_]/)[0] ?? '';
  return (menuTexts as Record<string, MenuTexts>)[base] ?? menuTexts.en;
}
