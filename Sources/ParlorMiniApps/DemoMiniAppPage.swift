
/// The demo mini app's single page: sign in as a guest, launch, and show who the app sees.
enum DemoMiniAppPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Who am I? · a Parlor mini app</title>
        <style>
          body { font: 16px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; }
          pre { background: #f4f4f4; padding: 1rem; overflow-x: auto; }
          button { font: inherit; padding: .5rem 1rem; }
          .error { color: #b00020; }
        </style>
        </head>
        <body>
        <h1>Who am I?</h1>
        <p id="status">Checking…</p>
        <div id="signin" hidden>
          <p>You arrived without a launch code. The PubGames launcher would sign you in and open this page
          with a one-time code; this button does the same as a guest.</p>
          <button id="launch">Sign in as a guest and launch</button>
        </div>
        <pre id="who" hidden></pre>
        <script>
        const status = document.getElementById('status');
        async function call(path, body, token) {
          const headers = { 'Content-Type': 'application/json' };
          if (token) headers['Authorization'] = 'Bearer ' + token;
          const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body || {}) });
          const json = await response.json().catch(() => ({}));
          if (!response.ok) throw new Error((json.error && json.error.message) || response.statusText);
          return json;
        }
        async function launch() {
          let device = localStorage.getItem('parlor-demo-device');
          if (!device) { device = crypto.randomUUID(); localStorage.setItem('parlor-demo-device', device); }
          const session = await call('/auth/guest', { device_id: device });
          const launched = await call('/miniapps/demo/launch', {}, session.access_token);
          window.location.assign(launched.url);
        }
        async function start() {
          const params = new URLSearchParams(window.location.search);
          const code = params.get('code');
          if (!code) {
            status.textContent = 'Not signed in.';
            document.getElementById('signin').hidden = false;
            return;
          }
          // The code works once; take it out of the address bar and history at once.
          history.replaceState(null, '', window.location.pathname);
          const result = await call('/miniapps/demo/session', { code });
          status.textContent = 'Signed in as ' + result.user.display_name + ' (@' + result.user.username + ').';
          const who = document.getElementById('who');
          who.textContent = JSON.stringify(result.user, null, 2);
          who.hidden = false;
        }
        document.getElementById('launch').addEventListener('click', () => launch().catch(showError));
        function showError(error) { status.textContent = error.message; status.className = 'error'; }
        start().catch(showError);
        </script>
        </body>
        </html>
        """
}
