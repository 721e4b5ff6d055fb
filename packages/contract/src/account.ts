// Filled in by the account calls (issue 4).
export {};
