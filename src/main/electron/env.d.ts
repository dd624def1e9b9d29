// electron-vite replaces import.meta.env.DEV when it builds the main process: true for
// `electron-vite dev`, false for `electron-vite build`.
interface ImportMetaEnv {
  readonly DEV: boolean;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
