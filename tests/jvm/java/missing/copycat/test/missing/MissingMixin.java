package copycat.test.missing;

/** Compiled for the "unlisted" plugin to build against, then left out of its directory. */
public interface MissingMixin {}
