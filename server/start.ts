import { launch } from './launch';

/** `npm start`: build the client when it is missing or older than its sources, then serve. */
async function main() {
  const running = await launch();
  console.log(`Vitrin AI hazır: ${running.url}`);
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
