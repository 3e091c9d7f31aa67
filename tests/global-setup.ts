// Placeholder: replaced by the PostgreSQL test-database setup.
export default async function setup() {}
