/** The options tests' fake worker is the one of every page test now; kept for files still importing it from here. */
export * from '../support/fakeWorker';
