// Sub-pages of a project that exist in this build (the nav shows only these).
export const existingProjectPages: string[] = ["", "/queue", "/adjudication", "/dashboard", "/import", "/models", "/jobs", "/settings", "/members"];
