import { field, hidden, notice, plainLayout, postForm } from '../components';
import { html, type Html } from '../../common/html';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../users/users.service';
import type { FormState } from './form-state';

export function signInPage(csrf: string, next: string, form: FormState): Html {
  return plainLayout(
    'Sign in',
    html`<h1>Sign in</h1>
      ${form.message ? notice('error', form.message) : ''}
      ${postForm(
        '/app/sign-in',
        csrf,
        html`${hidden('next', next)}
          ${field({ label: 'E-mail', name: 'email', type: 'email', value: form.values.email, autocomplete: 'username', required: true, maxLength: 320, error: form.errors.email })}
          ${field({ label: 'Password', name: 'password', type: 'password', autocomplete: 'current-password', required: true, error: form.errors.password })}
          <div class="actions"><button type="submit">Sign in</button></div>`,
        'Sign in',
      )}
      <p class="hint">
        No password yet? Use the one-time link printed when the server first started, or run
        <code>npm run cli -- users set-password EMAIL</code>.
      </p>`,
  );
}

/** The page of a one-time sign-in link: choose a password, then be signed in. */
export function linkPage(csrf: string, token: string, form: FormState): Html {
  return plainLayout(
    'Choose a password',
    html`<h1>Choose a password</h1>
      <p>This link works once. Choose the password you will sign in with from now on.</p>
      ${form.message ? notice('error', form.message) : ''}
      ${postForm(
        '/app/sign-in/link',
        csrf,
        html`${hidden('token', token)}
          ${field({ label: 'New password', name: 'password', type: 'password', autocomplete: 'new-password', required: true, hint: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters; a pass phrase of several words is good.`, error: form.errors.password })}
          <div class="actions"><button type="submit">Set password and sign in</button></div>`,
        'Choose a password',
      )}`,
  );
}
