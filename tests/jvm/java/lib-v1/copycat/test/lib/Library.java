package copycat.test.lib;

/** A library two plugins ship in different versions (version 1 here). */
public final class Library {
    private Library() {}

    public static String version() {
        return "library-1";
    }
}
