/** The page's network as CDP reports it: the bytes on the wire, the codings, and when it has gone quiet. */
import { NAVIGATION_TIMEOUT_MS, QUIET_MS } from './profile.mjs';

/** Counts the bytes of every request of the page (frames in its process included) and tracks idleness. */
export function watchNetwork(cdp, countsUrl) {
  const urls = new Map();
  const inFlight = new Set();
  const encodingOf = new Map();
  const state = {
    bytes: 0,
    requests: 0,
    lastActivity: Date.now(),
    acceptEncoding: null,
    contentEncodings: new Set(),
    entries: [],
  };
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    urls.set(requestId, request.url);
    inFlight.add(requestId);
    state.lastActivity = Date.now();
  });
  cdp.on('Network.requestWillBeSentExtraInfo', ({ headers }) => {
    const value = Object.entries(headers).find(([name]) => name.toLowerCase() === 'accept-encoding')?.[1];
    if (value && state.acceptEncoding === null) state.acceptEncoding = value;
  });
  cdp.on('Network.responseReceived', ({ response }) => {
    if (!countsUrl(response.url)) return;
    const value = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
    state.contentEncodings.add(value ?? 'identity');
    encodingOf.set(response.url, value ?? 'identity');
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    inFlight.delete(requestId);
    state.lastActivity = Date.now();
    const url = urls.get(requestId) ?? '';
    if (countsUrl(url)) {
      state.bytes += encodedDataLength;
      state.requests += 1;
      state.entries.push({ url, bytes: encodedDataLength, encoding: encodingOf.get(url) ?? '?' });
    }
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    inFlight.delete(requestId);
    state.lastActivity = Date.now();
  });
  state.idle = async () => {
    const deadline = Date.now() + NAVIGATION_TIMEOUT_MS;
    while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - state.lastActivity < QUIET_MS))
      await new Promise((resolve) => setTimeout(resolve, 100));
  };
  return state;
}
