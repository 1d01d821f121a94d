package bench.realworld;

/** One DaCapo-style benchmark: set up once, then iterations of a fixed amount of work, validated. */
interface Workload {
    /** Work units one iteration does (documents transformed, queries run, ...). */
    int unitsPerIteration();

    /** One iteration with this many threads; returns a digest of the output for validation. */
    long iterate(int threads) throws Exception;

    /** Releases what setup started (a server, an actor system), so that the JVM exits when main returns. */
    default void close() throws Exception {}
}
