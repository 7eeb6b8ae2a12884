/**
 * A small Algolia Insights client for the modal's insights plugin (which otherwise loads
 * `search-insights` from a CDN). The plugin debounces viewed events (400 ms) and batches
 * their object ids (20 an event); this client sends each event to `POST /1/events`.
 */
import type { AlgoliaSettings } from '../shared/search/config.ts';

type Callback = (...args: unknown[]) => void;
interface EventPayload {
  eventName: string;
  index: string;
  objectIDs: string[];
  queryID?: string;
  positions?: number[];
}

const EVENT_TYPES: Record<string, 'view' | 'click' | 'conversion'> = {
  viewedObjectIDs: 'view',
  clickedObjectIDs: 'click',
  clickedObjectIDsAfterSearch: 'click',
  convertedObjectIDs: 'conversion',
  convertedObjectIDsAfterSearch: 'conversion',
};

function anonymousToken(): string {
  const key = 'search-insights-user-token';
  try {
    const stored = localStorage.getItem(key);
    if (stored) return stored;
    const token = `anonymous-${crypto.randomUUID()}`;
    localStorage.setItem(key, token);
    return token;
  } catch {
    return 'anonymous-user';
  }
}

export function insightsClient(settings: AlgoliaSettings): ((method: string, ...args: unknown[]) => void) & { version: string } {
  const host = settings.insightsHost ?? 'https://insights.algolia.io';
  let userToken = anonymousToken();
  const send = (type: 'view' | 'click' | 'conversion', payloads: EventPayload[]) => {
    const events = payloads.map((p) => ({ eventType: type, eventName: p.eventName, index: p.index, userToken, objectIDs: p.objectIDs, ...(p.queryID ? { queryID: p.queryID } : {}), ...(p.positions ? { positions: p.positions } : {}) }));
    void fetch(`${host}/1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-algolia-application-id': settings.appId, 'x-algolia-api-key': settings.apiKey },
      body: JSON.stringify({ events }),
      keepalive: true,
    }).catch((e: unknown) => console.warn('A search analytics event was not sent:', e));
  };
  const client = (method: string, ...args: unknown[]) => {
    const type = EVENT_TYPES[method];
    if (type) return send(type, args.filter((a): a is EventPayload => typeof a === 'object' && a !== null && 'objectIDs' in a));
    if (method === 'setUserToken' && typeof args[0] === 'string') userToken = args[0];
    if (method === 'onUserTokenChange') (args[0] as Callback)(userToken);
    if (method === 'getUserToken') (args[1] as Callback)(null, userToken);
  };
  return Object.assign(client, { version: '2.17.3' });
}
