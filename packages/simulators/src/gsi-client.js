/*
 * Google Identity Services stand-in, served by the Google simulator at /gsi/client.
 * Implements the public surface of window.google.accounts.id that Tradelist uses, but instead of
 * Google's account chooser it shows an in-page dialog where any email can be typed, then asks the
 * simulator for a signed ID token. Written as plain browser JavaScript (no build step) and kept
 * CSP-friendly: no eval, no inline handlers, no style attributes or <style> elements, styles are
 * set through element.style only.
 */
(function () {
  'use strict';

  // Replaced by the simulator when serving; used only if document.currentScript is unavailable.
  var FALLBACK_ORIGIN = '__GSI_SIM_ORIGIN__';
  var ACCOUNTS_KEY = 'gsi-sim-accounts';
  var AUTO_SELECT_OFF_KEY = 'gsi-sim-auto-select-disabled';
  var MAX_ACCOUNTS = 8;
  var FONT = 'Roboto, "Google Sans", Arial, sans-serif';

  var simulatorOrigin = FALLBACK_ORIGIN;
  try {
    var current = document.currentScript;
    if (current && current.src) simulatorOrigin = new URL(current.src).origin;
  } catch (e) {
    // keep the fallback
  }

  var config = null;
  var openChooser = null;

  function log(level, message) {
    var fn = console[level] || console.log;
    fn.call(console, '[GSI_LOGGER]: ' + message);
  }

  // ---- storage -------------------------------------------------------------------------------

  function storage() {
    try {
      return window.localStorage;
    } catch (e) {
      return null;
    }
  }

  function readAccounts() {
    var store = storage();
    if (!store) return [];
    try {
      var list = JSON.parse(store.getItem(ACCOUNTS_KEY) || '[]');
      if (!Array.isArray(list)) return [];
      return list.filter(function (a) {
        return a && typeof a.email === 'string' && a.email.indexOf('@') > 0;
      });
    } catch (e) {
      return [];
    }
  }

  function writeAccounts(list) {
    var store = storage();
    if (!store) return;
    try {
      store.setItem(ACCOUNTS_KEY, JSON.stringify(list.slice(0, MAX_ACCOUNTS)));
    } catch (e) {
      // storage full or blocked: the quick-pick list is a convenience only
    }
  }

  function rememberAccount(account) {
    var key = account.email.toLowerCase();
    var rest = readAccounts().filter(function (a) {
      return a.email.toLowerCase() !== key;
    });
    writeAccounts([account].concat(rest));
  }

  function forgetAccount(hint) {
    var key = String(hint || '').toLowerCase();
    writeAccounts(
      readAccounts().filter(function (a) {
        return a.email.toLowerCase() !== key && a.sub !== hint;
      }),
    );
  }

  function autoSelectDisabled() {
    var store = storage();
    return !!store && store.getItem(AUTO_SELECT_OFF_KEY) === '1';
  }

  function setAutoSelectDisabled(disabled) {
    var store = storage();
    if (!store) return;
    try {
      if (disabled) store.setItem(AUTO_SELECT_OFF_KEY, '1');
      else store.removeItem(AUTO_SELECT_OFF_KEY);
    } catch (e) {
      // ignore
    }
  }

  // ---- DOM helpers ---------------------------------------------------------------------------

  function el(tag, props, style, children) {
    var node = document.createElement(tag);
    if (props) {
      Object.keys(props).forEach(function (key) {
        var value = props[key];
        if (value === undefined || value === null) return;
        if (key.indexOf('aria-') === 0 || key.indexOf('data-') === 0 || key === 'role') {
          node.setAttribute(key, String(value));
        } else {
          node[key] = value;
        }
      });
    }
    if (style) Object.assign(node.style, style);
    (children || []).forEach(function (child) {
      if (child) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  function googleLogo(size) {
    var ns = 'http://www.w3.org/2000/svg';
    var svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('width', String(size));
    svg.setAttribute('height', String(size));
    svg.setAttribute('viewBox', '0 0 18 18');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('focusable', 'false');
    [
      ['#EA4335', 'M9 3.48c1.69 0 2.83.73 3.48 1.34l2.54-2.48C13.46.89 11.43 0 9 0 5.48 0 2.44 2.02.96 4.96l2.91 2.26C4.6 5.05 6.62 3.48 9 3.48z'],
      ['#4285F4', 'M17.64 9.2c0-.74-.06-1.28-.19-1.84H9v3.34h4.96c-.1.83-.64 2.08-1.84 2.92l2.84 2.2c1.7-1.57 2.68-3.88 2.68-6.62z'],
      ['#FBBC05', 'M3.88 10.78A5.54 5.54 0 0 1 3.58 9c0-.62.11-1.22.29-1.78L.96 4.96A9.008 9.008 0 0 0 0 9c0 1.45.35 2.82.96 4.04l2.92-2.26z'],
      ['#34A853', 'M9 18c2.43 0 4.47-.8 5.96-2.18l-2.84-2.2c-.76.53-1.78.9-3.12.9-2.38 0-4.4-1.57-5.12-3.74L.97 13.04C2.45 15.98 5.48 18 9 18z'],
    ].forEach(function (p) {
      var path = document.createElementNS(ns, 'path');
      path.setAttribute('fill', p[0]);
      path.setAttribute('d', p[1]);
      svg.appendChild(path);
    });
    return svg;
  }

  // ---- credential issuance -------------------------------------------------------------------

  function clientId() {
    return config && config.client_id ? String(config.client_id) : undefined;
  }

  function requestCredential(account) {
    var body = {
      email: account.email,
      email_verified: account.email_verified !== false,
    };
    if (account.name) body.name = account.name;
    if (clientId()) body.aud = clientId();
    if (config && config.nonce) body.nonce = String(config.nonce);
    if (config && config.hd && config.hd !== '*') body.hd = String(config.hd);
    return fetch(simulatorOrigin + '/api/id-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
    })
      .then(function (res) {
        return res.json().then(function (json) {
          if (!res.ok || !json || typeof json.credential !== 'string') {
            throw new Error((json && json.message) || 'The simulator refused to issue a token (HTTP ' + res.status + ')');
          }
          return json.credential;
        });
      });
  }

  function randomToken() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map
      .call(bytes, function (b) {
        return ('0' + b.toString(16)).slice(-2);
      })
      .join('');
  }

  // Mirrors GIS redirect mode: POST credential + g_csrf_token to login_uri, with the same token
  // in a cookie so the server can run the double-submit check.
  function redirectWithCredential(credential) {
    var csrf = randomToken();
    document.cookie = 'g_csrf_token=' + csrf + '; path=/; SameSite=Lax';
    var form = el('form', { method: 'POST', action: config.login_uri }, { display: 'none' }, [
      el('input', { type: 'hidden', name: 'credential', value: credential }),
      el('input', { type: 'hidden', name: 'g_csrf_token', value: csrf }),
    ]);
    document.body.appendChild(form);
    form.submit();
  }

  function deliver(credential, selectBy) {
    if (config.ux_mode === 'redirect' && config.login_uri) {
      redirectWithCredential(credential);
      return;
    }
    var response = {
      credential: credential,
      select_by: selectBy,
      clientId: clientId(),
      client_id: clientId(),
    };
    if (typeof config.callback === 'function') {
      config.callback(response);
    } else {
      log('warn', 'No callback configured in google.accounts.id.initialize().');
    }
  }

  // ---- prompt moment notifications -----------------------------------------------------------

  function moment(type, reason) {
    return {
      getMomentType: function () {
        return type;
      },
      isDisplayMoment: function () {
        return type === 'display';
      },
      isDisplayed: function () {
        return type === 'display' && !reason;
      },
      isNotDisplayed: function () {
        return type === 'display' && !!reason;
      },
      getNotDisplayedReason: function () {
        return type === 'display' ? reason : undefined;
      },
      isSkippedMoment: function () {
        return type === 'skipped';
      },
      getSkippedReason: function () {
        return type === 'skipped' ? reason : undefined;
      },
      isDismissedMoment: function () {
        return type === 'dismissed';
      },
      getDismissedReason: function () {
        return type === 'dismissed' ? reason : undefined;
      },
    };
  }

  function notify(listener, type, reason) {
    if (typeof listener !== 'function') return;
    try {
      listener(moment(type, reason));
    } catch (e) {
      log('error', 'prompt moment listener threw: ' + e);
    }
  }

  // ---- account chooser dialog ----------------------------------------------------------------

  /**
   * Opens the chooser. hooks: { selectBy, onCancel(reason), onCredential() }.
   */
  function showChooser(hooks) {
    if (openChooser) {
      openChooser.focus();
      return;
    }
    var previouslyFocused = document.activeElement;
    var busy = false;

    var errorBox = el('p', { id: 'gsi-sim-error', role: 'alert' }, { color: '#d93025', margin: '8px 0 0', fontSize: '13px', minHeight: '1em' });
    var emailInput = el('input', { id: 'gsi-sim-email', type: 'email', name: 'email', autocomplete: 'email', required: true, spellcheck: false }, inputStyle());
    var nameInput = el('input', { id: 'gsi-sim-name', type: 'text', name: 'name', autocomplete: 'name' }, inputStyle());
    var verifiedInput = el('input', { id: 'gsi-sim-verified', type: 'checkbox', name: 'email_verified', checked: true }, { margin: '0 8px 0 0' });
    var cancelButton = el('button', { type: 'button', textContent: 'Cancel' }, buttonStyle(false));
    var continueButton = el('button', { type: 'submit', textContent: 'Continue' }, buttonStyle(true));

    var accounts = readAccounts();
    var accountList = null;
    if (accounts.length) {
      accountList = el('ul', { 'aria-label': 'Previously used accounts' }, { listStyle: 'none', padding: '0', margin: '0 0 16px', borderTop: '1px solid #dadce0' },
        accounts.map(function (account) {
          var pick = el('button', { type: 'button', 'data-email': account.email }, {
            display: 'block', width: '100%', textAlign: 'left', padding: '10px 8px', border: '0', background: 'transparent',
            cursor: 'pointer', font: 'inherit', color: '#202124',
          }, [
            el('span', { textContent: account.name || account.email }, { display: 'block', fontWeight: '500' }),
            account.name ? el('span', { textContent: account.email }, { display: 'block', fontSize: '13px', color: '#5f6368' }) : null,
          ]);
          pick.addEventListener('click', function () {
            proceed({ email: account.email, name: account.name || '', email_verified: account.email_verified !== false });
          });
          return el('li', null, { borderBottom: '1px solid #dadce0' }, [pick]);
        }));
    }

    var form = el('form', { noValidate: true }, null, [
      field('Email', emailInput),
      field('Name', nameInput),
      el('div', null, { display: 'flex', alignItems: 'center', margin: '4px 0 0', fontSize: '14px' }, [
        verifiedInput,
        el('label', { htmlFor: 'gsi-sim-verified', textContent: 'Email verified' }),
      ]),
      errorBox,
      el('div', null, { display: 'flex', justifyContent: 'flex-end', gap: '8px', marginTop: '16px' }, [cancelButton, continueButton]),
    ]);

    var dialog = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'gsi-sim-title', 'aria-describedby': 'gsi-sim-subtitle', id: 'gsi-sim-dialog' }, {
      background: '#fff', color: '#202124', borderRadius: '8px', padding: '24px', width: '400px', maxWidth: 'calc(100vw - 32px)',
      maxHeight: 'calc(100vh - 32px)', overflowY: 'auto', boxSizing: 'border-box', boxShadow: '0 4px 24px rgba(0,0,0,.3)', fontFamily: FONT,
      fontSize: '14px', textAlign: 'left',
    }, [
      el('div', null, { display: 'flex', alignItems: 'center', gap: '8px', marginBottom: '8px' }, [googleLogo(20), el('span', { textContent: 'Sign in with Google (simulator)' }, { fontSize: '14px', color: '#5f6368' })]),
      el('h2', { id: 'gsi-sim-title', textContent: 'Choose an account' }, { fontSize: '22px', fontWeight: '400', margin: '8px 0 4px' }),
      el('p', { id: 'gsi-sim-subtitle', textContent: 'Local stand-in for Google sign-in. Type any email; no password is needed.' }, { margin: '0 0 16px', color: '#5f6368' }),
      accountList,
      form,
    ]);

    var overlay = el('div', { 'data-gsi-sim': 'overlay' }, {
      position: 'fixed', top: '0', right: '0', bottom: '0', left: '0', zIndex: '2147483647', background: 'rgba(32,33,36,.6)',
      display: 'flex', alignItems: 'center', justifyContent: 'center',
    }, [dialog]);

    function close() {
      document.removeEventListener('keydown', onKeyDown, true);
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      openChooser = null;
      if (previouslyFocused && typeof previouslyFocused.focus === 'function' && document.contains(previouslyFocused)) {
        previouslyFocused.focus();
      }
    }

    function cancel(reason) {
      if (busy) return;
      close();
      if (hooks.onCancel) hooks.onCancel(reason);
    }

    function setBusy(value) {
      busy = value;
      continueButton.disabled = value;
      cancelButton.disabled = value;
      continueButton.textContent = value ? 'Signing in…' : 'Continue';
    }

    function proceed(account) {
      if (busy) return;
      setBusy(true);
      errorBox.textContent = '';
      requestCredential(account).then(
        function (credential) {
          rememberAccount({ email: account.email, name: account.name || '', email_verified: account.email_verified });
          setAutoSelectDisabled(false);
          setBusy(false);
          close();
          if (hooks.onCredential) hooks.onCredential();
          deliver(credential, hooks.selectBy);
        },
        function (err) {
          setBusy(false);
          errorBox.textContent = err && err.message ? err.message : String(err);
        },
      );
    }

    function focusables() {
      return Array.prototype.filter.call(dialog.querySelectorAll('button, input'), function (node) {
        return !node.disabled;
      });
    }

    function onKeyDown(event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        cancel('user_cancel');
      } else if (event.key === 'Tab') {
        // Keep focus inside the modal, as aria-modal promises.
        var items = focusables();
        if (!items.length) return;
        var first = items[0];
        var last = items[items.length - 1];
        if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
          event.preventDefault();
          first.focus();
        }
      }
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var email = emailInput.value.trim();
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
        errorBox.textContent = 'Enter a valid email address.';
        emailInput.setAttribute('aria-invalid', 'true');
        emailInput.focus();
        return;
      }
      emailInput.removeAttribute('aria-invalid');
      proceed({ email: email, name: nameInput.value.trim(), email_verified: verifiedInput.checked });
    });
    cancelButton.addEventListener('click', function () {
      cancel('user_cancel');
    });
    overlay.addEventListener('click', function (event) {
      if (event.target === overlay) cancel('tap_outside');
    });
    document.addEventListener('keydown', onKeyDown, true);

    document.body.appendChild(overlay);
    emailInput.focus();
    openChooser = {
      source: hooks.selectBy,
      close: close,
      cancel: cancel,
      focus: function () {
        emailInput.focus();
      },
    };
  }

  function field(label, input) {
    return el('div', null, { margin: '0 0 12px' }, [
      el('label', { htmlFor: input.id, textContent: label }, { display: 'block', fontSize: '13px', color: '#5f6368', marginBottom: '4px' }),
      input,
    ]);
  }

  function inputStyle() {
    return {
      display: 'block', width: '100%', boxSizing: 'border-box', padding: '8px 10px', border: '1px solid #dadce0',
      borderRadius: '4px', font: 'inherit', color: '#202124', background: '#fff',
    };
  }

  function buttonStyle(primary) {
    return {
      padding: '8px 16px', borderRadius: '4px', font: 'inherit', fontWeight: '500', cursor: 'pointer',
      border: primary ? '1px solid #1a73e8' : '1px solid #dadce0',
      background: primary ? '#1a73e8' : '#fff',
      color: primary ? '#fff' : '#1a73e8',
    };
  }

  // ---- button --------------------------------------------------------------------------------

  var BUTTON_TEXT = {
    signin_with: 'Sign in with Google',
    signup_with: 'Sign up with Google',
    continue_with: 'Continue with Google',
    signin: 'Sign in',
  };
  var BUTTON_HEIGHT = { large: 40, medium: 32, small: 20 };

  function renderButton(parent, options) {
    if (!parent || typeof parent.appendChild !== 'function') {
      log('error', 'renderButton: parent element is required.');
      return;
    }
    options = options || {};
    var label = BUTTON_TEXT[options.text] || BUTTON_TEXT.signin_with;
    var height = BUTTON_HEIGHT[options.size] || BUTTON_HEIGHT.large;
    var iconOnly = options.type === 'icon';
    var theme = options.theme || 'outline';
    var shape = options.shape || 'rectangular';
    var colors =
      theme === 'filled_blue'
        ? { background: '#1a73e8', color: '#fff', border: '1px solid #1a73e8' }
        : theme === 'filled_black'
          ? { background: '#202124', color: '#fff', border: '1px solid #202124' }
          : { background: '#fff', color: '#3c4043', border: '1px solid #dadce0' };
    var radius = shape === 'pill' || shape === 'circle' ? height / 2 + 'px' : '4px';
    var style = {
      display: 'inline-flex', alignItems: 'center', justifyContent: 'center', gap: '8px', boxSizing: 'border-box',
      height: height + 'px', padding: iconOnly ? '0' : '0 12px', borderRadius: radius, cursor: 'pointer',
      fontFamily: FONT, fontSize: height <= 20 ? '11px' : '14px', fontWeight: '500', letterSpacing: '0.25px',
      whiteSpace: 'nowrap', overflow: 'hidden', maxWidth: '400px',
      background: colors.background, color: colors.color, border: colors.border,
    };
    if (iconOnly) {
      style.width = height + 'px';
    } else if (options.width !== undefined && options.width !== null && options.width !== '') {
      var width = parseInt(String(options.width), 10);
      if (width > 0) style.width = Math.min(Math.max(width, 200), 400) + 'px';
    }
    if (options.logo_alignment === 'left' && !iconOnly) style.justifyContent = 'flex-start';

    var logoWrap = el('span', null, {
      display: 'inline-flex', alignItems: 'center', justifyContent: 'center', background: '#fff',
      borderRadius: theme === 'outline' ? '0' : '2px', padding: theme === 'outline' ? '0' : '2px',
    }, [googleLogo(height <= 20 ? 12 : 18)]);
    var button = el('button', { type: 'button', 'aria-label': iconOnly ? BUTTON_TEXT.signin_with : undefined, 'data-gsi-sim': 'button' }, style, [
      logoWrap,
      iconOnly ? null : el('span', { textContent: label }),
    ]);
    button.addEventListener('click', function () {
      if (typeof options.click_listener === 'function') {
        try {
          options.click_listener();
        } catch (e) {
          log('error', 'click_listener threw: ' + e);
        }
      }
      if (!config) {
        log('error', 'google.accounts.id.initialize() must be called before the button is used.');
        return;
      }
      showChooser({ selectBy: 'btn' });
    });
    // Google renders into the parent, replacing what was rendered there before.
    var wrapper = el('div', { 'data-gsi-sim': 'button-container' }, { display: 'inline-block' }, [button]);
    if (typeof parent.replaceChildren === 'function') parent.replaceChildren(wrapper);
    else {
      while (parent.firstChild) parent.removeChild(parent.firstChild);
      parent.appendChild(wrapper);
    }
  }

  // ---- public API ----------------------------------------------------------------------------

  function initialize(options) {
    if (!options || !options.client_id) log('warn', 'initialize() called without client_id.');
    config = Object.assign({}, options || {});
  }

  function prompt(momentListener) {
    if (!config) {
      log('error', 'google.accounts.id.initialize() must be called before prompt().');
      notify(momentListener, 'display', 'missing_client_id');
      return;
    }
    if (openChooser) return;
    var accounts = readAccounts();
    if (config.auto_select && accounts.length && !autoSelectDisabled()) {
      var account = accounts[0];
      notify(momentListener, 'display');
      requestCredential(account).then(
        function (credential) {
          notify(momentListener, 'dismissed', 'credential_returned');
          deliver(credential, 'auto');
        },
        function (err) {
          log('error', 'auto sign-in failed: ' + (err && err.message ? err.message : err));
          notify(momentListener, 'skipped', 'issuing_failed');
        },
      );
      return;
    }
    showChooser({
      selectBy: 'user',
      onCancel: function (reason) {
        notify(momentListener, 'skipped', reason);
      },
      onCredential: function () {
        notify(momentListener, 'dismissed', 'credential_returned');
      },
    });
    notify(momentListener, 'display');
  }

  function cancel() {
    // Only One Tap (prompt) can be cancelled by the page; the button's chooser is the user's.
    if (openChooser && openChooser.source === 'user') openChooser.cancel('auto_cancel');
  }

  function disableAutoSelect() {
    setAutoSelectDisabled(true);
  }

  function revoke(hint, done) {
    forgetAccount(hint);
    if (typeof done === 'function') {
      setTimeout(function () {
        done({ successful: true });
      }, 0);
    }
  }

  function storeCredential(_credential, done) {
    if (typeof done === 'function') setTimeout(done, 0);
  }

  var google = (window.google = window.google || {});
  google.accounts = google.accounts || {};
  google.accounts.id = {
    initialize: initialize,
    renderButton: renderButton,
    prompt: prompt,
    cancel: cancel,
    disableAutoSelect: disableAutoSelect,
    revoke: revoke,
    storeCredential: storeCredential,
  };

  if (typeof window.onGoogleLibraryLoad === 'function') {
    try {
      window.onGoogleLibraryLoad();
    } catch (e) {
      log('error', 'onGoogleLibraryLoad threw: ' + e);
    }
  }
})();
