// Filled in by the menu calls (issue 4).
export {};
