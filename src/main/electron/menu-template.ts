import type { MenuItemConstructorOptions } from 'electron';

export interface MenuInputs {
  appName: string;
  /** `app.isPackaged`: an installed app has no developer tools and no reload. */
  packaged: boolean;
  platform: NodeJS.Platform;
  showAbout: () => void;
}

/** Zoom and full screen for everyone; reload and the developer tools only while developing. */
function viewMenu(packaged: boolean): MenuItemConstructorOptions {
  const developer: MenuItemConstructorOptions[] = packaged
    ? []
    : [
        { role: 'reload' },
        { role: 'forceReload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
      ];
  return {
    label: 'View',
    submenu: [
      ...developer,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
}

/**
 * The application menu. Built from explicit items rather than `role: 'viewMenu'`, whose
 * stock submenu carries Reload, Force Reload and Toggle Developer Tools into production.
 */
export function menuTemplate(inputs: MenuInputs): MenuItemConstructorOptions[] {
  const about: MenuItemConstructorOptions = {
    label: `About ${inputs.appName}`,
    click: inputs.showAbout,
  };
  return [
    ...(inputs.platform === 'darwin' ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    viewMenu(inputs.packaged),
    { role: 'windowMenu' },
    { role: 'help', submenu: [about] },
  ];
}
