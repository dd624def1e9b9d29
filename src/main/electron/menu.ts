import { app, dialog, Menu, type MenuItemConstructorOptions } from 'electron';

/** The standard menus plus Help → About, which names the version. */
export function installMenu(): void {
  const template: MenuItemConstructorOptions[] = [
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: `About ${app.getName()}`, click: showAbout }] },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

function showAbout(): void {
  void dialog.showMessageBox({
    type: 'info',
    title: `About ${app.getName()}`,
    message: `${app.getName()} ${app.getVersion()}`,
    detail: 'Scores English-exam speaking and listening answers.',
  });
}
