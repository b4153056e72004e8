import { setProcessLogger, silentLogger } from '../../server/lib/log';

/**
 * A passing run is quiet (issue 36): the process logger of code without a server at hand (workers,
 * senders, outage notices) writes nothing in tests unless TEST_LOGS=1. Tests that assert on log
 * lines install their own (lineLogger); spawned processes keep theirs, which tests read.
 */
if (!process.env.TEST_LOGS) setProcessLogger(silentLogger);
