/** What `pnpm bench` judges its figures against (docs/performance.md names the same targets). */
export const TARGETS = {
  buildSeconds: 180,
  departuresP50: 1,
  departuresP99: 5,
  departuresMax: 15,
  firstAfterSaveMs: 10,
  /** A fresh process's first departures answer, asked the moment /healthz says ok (issue 38). */
  firstAnswerMs: 50,
  searchP99: 2,
  serverRssMb: 300,
  departuresShareOfHealthz: 0.6,
  firstLoadKb: 80,
  /** `pnpm cli import` of the national JSON, in its own process: a small town's host has 1-2 GB. */
  importPeakRssMb: 500,
  /** The same import's wall time before it streamed (peak 1,550 MB then): it must not be slower. */
  importSecondsBefore: 63,
};
