import { layout, plainLayout, type Frame } from '../components';
import { html, type Html } from '../../common/html';

/** An error as a page of its own (unknown workspace, expired consent request, refused action). */
export function errorPage(title: string, message: string, frame?: Frame): Html {
  const body = html`<h1>${title}</h1>
    <p>${message}</p>
    <p><a href="/app">Back to the dashboard</a></p>`;
  return frame ? layout(frame, title, body) : plainLayout(title, body);
}
