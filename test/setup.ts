// Loaded before every test file. Kept small: per-database harness lives in test/helpers/.
process.env.TZ = 'Europe/Paris';
