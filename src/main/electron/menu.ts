import { app, dialog, Menu } from 'electron';
import { menuTemplate } from './menu-template.js';

/** The application menu (see menu-template.ts), with Help → About naming the version. */
export function installMenu(): void {
  const template = menuTemplate({
    appName: app.getName(),
    packaged: app.isPackaged,
    platform: process.platform,
    showAbout,
  });
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
