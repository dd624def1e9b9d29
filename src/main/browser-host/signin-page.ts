import { HTTP_ROUTES } from '../../shared/host-channels.js';

/**
 * What the browser host serves in place of the app to a window that is not signed in: how to
 * open Examiner, and nothing else. Its script trades a `#token=` or `#launch=` fragment (which
 * never reaches a server) for the session cookie, then loads the app.
 */
export const SIGNIN_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const SIGNIN_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Examiner</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/signin.css" />
    <script src="/signin.js" defer></script>
  </head>
  <body>
    <main>
      <h1>Examiner</h1>
      <p id="signing-in" hidden>Opening Examiner…</p>
      <section id="how-to-open">
        <p id="expired" hidden>That link has expired or belongs to another Examiner.</p>
        <p>This window is not signed in to Examiner.</p>
        <p>
          To open Examiner, start it with <code>npm start</code> in its folder: it opens its own
          window. To use another browser on this computer, open the link Examiner printed when
          it started; it begins with <code>http://127.0.0.1:</code> and ends with
          <code>#token=…</code>.
        </p>
      </section>
    </main>
  </body>
</html>
`;

export const SIGNIN_JS = `(() => {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get('token');
  const launch = fragment.get('launch');
  if (!token && !launch) return;
  history.replaceState(null, '', window.location.pathname);
  const show = (id, visible) => { document.getElementById(id).hidden = !visible; };
  show('how-to-open', false);
  show('signing-in', true);
  fetch('${HTTP_ROUTES.session}', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(token ? { token } : { launch }),
  }).then((response) => {
    if (response.ok) return window.location.replace('/');
    show('signing-in', false);
    show('expired', true);
    show('how-to-open', true);
  });
})();
`;

export const SIGNIN_CSS = `body { font: 16px/1.5 system-ui, sans-serif; color: #1f2933; background: #f5f7fa; margin: 0; }
main { max-width: 36rem; margin: 12vh auto; padding: 2rem; background: #fff; border-radius: 8px;
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12); }
h1 { margin-top: 0; font-size: 1.5rem; }
code { background: #eef2f7; padding: 0 0.25em; border-radius: 3px; }
#expired { color: #b42318; }
`;
