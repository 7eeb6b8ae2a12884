// Imported first by the build scripts: React picks its production build (several times
// faster to render, no dev-only warnings) from NODE_ENV when it is first loaded.
process.env.NODE_ENV ??= 'production';
