import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Transitive blame against measured truth (NestedLocksWorkload): root owners through a nested lock. */
final class NestedLocks {
    static final double TARGET_PP = 3;

    private NestedLocks() {}

    /**
     * For monitors and ReentrantLock: query()'s share of the readers' blocked time as root owner
     * (lockstat report --by root-owner-chain, readers only) against the workload's measured share, and
     * refresh()'s time in owner state blocked (--by owner-state). Returns table rows "| locks |
     * expected % | root owner query() % | error (pp) | owner state blocked % |".
     */
    static List<String> run(String jdk, String classes, Path work, int rounds) throws Exception {
        List<String> rows = new ArrayList<>();
        for (String mechanism : List.of("sync", "juc")) {
            Path trace = work.resolve("nested-" + mechanism + ".lct");
            String out = AccuracySuite.run(List.of(jdk + "/bin/java", "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                    "-cp", classes, "NestedLocksWorkload", mechanism, String.valueOf(rounds)));
            Matcher m = Pattern.compile("truth readersBlocked=(\\d+) behindQuery=(\\d+)").matcher(out);
            if (!m.find()) {
                throw new IllegalStateException("NestedLocksWorkload printed no truth:\n" + out);
            }
            double expected = 100.0 * Long.parseLong(m.group(2)) / Long.parseLong(m.group(1));
            List<String> readers = List.of("--thread", "reader-1", "--thread", "reader-2", "--format", "json", trace.toString());
            double query = AccuracySuite.percentOf(report(jdk, "root-owner-chain", readers), "NestedLocksWorkload.query(", false);
            double blocked = AccuracySuite.percentOf(report(jdk, "owner-state", readers), "blocked\"", true);
            double err = Math.abs(query - expected);
            String line = String.format(Locale.ROOT, "| %s | %.1f | %.1f | %s%.1f%s | %.1f |",
                    mechanism.equals("sync") ? "`synchronized`" : "`ReentrantLock`", expected, query, err > TARGET_PP ? "**" : "", err,
                    err > TARGET_PP ? "**" : "", blocked);
            rows.add(line);
            System.out.println(line);
            Files.deleteIfExists(trace);
        }
        return rows;
    }

    private static String report(String jdk, String by, List<String> rest) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(jdk + "/bin/lockstat", "report", "--by", by));
        cmd.addAll(rest);
        return AccuracySuite.run(cmd);
    }
}
