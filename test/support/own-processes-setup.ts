// Runs in each test file of the own-processes project, inside jest's sandbox: the mark stays in
// that file's global scope and reaches neither the other projects nor the processes a test
// starts (an inner `npm test` included). Their requests must not reach the shared api
// (docs/testing.md, "How long the suite takes").
(globalThis as { sharedApiOffLimits?: boolean }).sharedApiOffLimits = true;
