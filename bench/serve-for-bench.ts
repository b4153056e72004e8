import { signedInServer } from './signed-in-server';

/** Child of bench/server-memory.ts: serves on an embedded database and prints its URL and a signed-in cookie. */
const { server, cookie, close } = await signedInServer();
console.log(JSON.stringify({ url: server.url, cookie }));
process.once('SIGTERM', () => void close().then(() => process.exit(0)));
