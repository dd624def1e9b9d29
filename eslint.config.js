import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * Layering, by allowlist: each room names the rooms it may import (besides its own modules).
 * A room is a folder; a file belongs to the longest room its path starts with. Static imports,
 * `export … from`, dynamic `import()` and `require()` are all checked. See docs/architecture.md.
 */
const ENGINE_ROOMS = ['text', 'audio', 'recognizer', 'evidence', 'scoring', 'tasks'];
/** An engine room may import the engine rooms below it that it names, and src/shared. */
const engineRoom = (...below) => [...below.map((room) => `src/engine/${room}`), 'src/shared'];
/**
 * src/main's inner rooms, bottom first: errors, logging, secrets, privacy, media, store,
 * scoring-client, disk; recordings; queue, settings, export, catalog, engine-process, progress;
 * attempts, endpoint, moderation; sittings; core (which builds them all); the two hosts.
 */
const MAIN_ROOMS = {
  errors: [],
  logging: [],
  secrets: [],
  privacy: [],
  media: [],
  store: [],
  'scoring-client': [],
  disk: ['errors'],
  recordings: ['disk', 'errors'],
  queue: ['recordings', 'scoring-client', 'store'],
  settings: ['errors', 'secrets', 'store'],
  export: ['errors', 'store'],
  catalog: ['errors', 'media', 'recordings', 'store'],
  'engine-process': ['scoring-client'],
  progress: ['store'],
  attempts: ['errors', 'queue', 'recordings', 'store'],
  endpoint: ['engine-process', 'queue', 'scoring-client', 'settings'],
  moderation: ['export', 'store'],
  sittings: ['attempts', 'errors', 'export', 'store'],
  core: [
    'attempts',
    'catalog',
    'disk',
    'endpoint',
    'engine-process',
    'errors',
    'export',
    'logging',
    'media',
    'moderation',
    'privacy',
    'progress',
    'queue',
    'recordings',
    'scoring-client',
    'secrets',
    'settings',
    'sittings',
    'store',
  ],
  'browser-host': ['core', 'errors', 'secrets', 'store'],
  electron: ['core', 'engine-process', 'secrets'],
};
export const ROOMS = {
  'src/shared': [],
  'src/engine': ENGINE_ROOMS.map((room) => `src/engine/${room}`).concat('src/shared'),
  'src/engine/text': engineRoom(),
  'src/engine/audio': engineRoom(),
  'src/engine/recognizer': engineRoom('text'),
  'src/engine/evidence': engineRoom('recognizer', 'audio', 'text'),
  'src/engine/scoring': engineRoom('evidence', 'recognizer', 'audio', 'text'),
  'src/engine/tasks': engineRoom('scoring', 'evidence', 'recognizer', 'audio', 'text'),
  'src/server': ['src/engine/tasks', 'src/shared'],
  'src/main': ['src/shared'],
  ...Object.fromEntries(
    Object.entries(MAIN_ROOMS).map(([room, may]) => [
      `src/main/${room}`,
      [...may.map((other) => `src/main/${other}`), 'src/shared'],
    ]),
  ),
  'src/preload': ['src/shared'],
  'src/renderer': ['src/shared'],
};
/** Packages a room may not import (the electron runtime, Node's built-ins in the page). */
const FORBIDDEN_PACKAGES = {
  'src/shared': ['electron'],
  'src/engine': ['electron'],
  'src/server': ['electron'],
  'src/renderer': ['electron', 'node:'],
};

const roomOf = (path, rooms) =>
  rooms
    .filter((room) => path === room || path.startsWith(`${room}/`))
    .sort((a, b) => b.length - a.length)[0];

const layering = {
  meta: { type: 'problem', schema: [], messages: { bad: 'Bad layering: {{detail}}' } },
  create(context) {
    const rooms = Object.keys(ROOMS);
    const file = relative(context.cwd, context.filename).split(sep).join('/');
    const room = roomOf(file, rooms);
    if (!room) return {};
    const may = ROOMS[room];
    const forbidden = FORBIDDEN_PACKAGES[roomOf(file, Object.keys(FORBIDDEN_PACKAGES)) ?? ''] ?? [];
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (!source.startsWith('.')) {
        const banned = forbidden.find((name) =>
          name.endsWith(':')
            ? source.startsWith(name)
            : source === name || source.startsWith(`${name}/`),
        );
        if (banned) {
          const detail = `${room} may not import ${forbidden.join(' or ')} (it imports "${source}").`;
          context.report({ node, messageId: 'bad', data: { detail } });
        }
        return;
      }
      const target = relative(context.cwd, resolve(dirname(context.filename), source))
        .split(sep)
        .join('/');
      const targetRoom = roomOf(target, rooms);
      if (!targetRoom || targetRoom === room) return;
      if (may.some((allowed) => targetRoom === allowed || targetRoom.startsWith(`${allowed}/`))) {
        return;
      }
      const list = may.length > 0 ? may.join(', ') : 'nothing else';
      const detail = `${room} may import only its own modules and ${list}; not ${target}.`;
      context.report({ node, messageId: 'bad', data: { detail } });
    };
    const literal = (node) =>
      node?.type === 'Literal'
        ? node.value
        : node?.type === 'TemplateLiteral' && node.expressions.length === 0
          ? node.quasis[0].value.cooked
          : undefined;
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, literal(node.source)),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' &&
        check(node, literal(node.moduleReference.expression)),
      CallExpression: (node) =>
        node.callee.type === 'Identifier' &&
        node.callee.name === 'require' &&
        check(node, literal(node.arguments[0])),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'native/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { layering: { rules: { 'allowed-imports': layering } } },
    rules: { 'layering/allowed-imports': 'error' },
  },
);
