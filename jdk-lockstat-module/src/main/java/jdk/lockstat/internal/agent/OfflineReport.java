package jdk.lockstat.internal.agent;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import jdk.lockstat.internal.tool.Main;

/**
 * LockStat.report for a recording without online analysis: lockstat report on a dump of the trace
 * so far, the same engine and text as on the command line.
 */
final class OfflineReport {
    private OfflineReport() {}

    /** label: what the report is of, shown instead of the temporary file's name. */
    static String render(Path trace, String label, String by, long top) {
        List<String> args = new ArrayList<>(List.of("report"));
        if (by != null && !by.isBlank()) {
            args.add("--by");
            args.add(by.trim());
        }
        if (top > 0 && top <= Integer.MAX_VALUE) {
            args.add("--top");
            args.add(Long.toString(top));
        }
        args.add(trace.toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            Main.run(args.toArray(String[]::new), o, e);
        }
        String problems = err.toString(StandardCharsets.UTF_8);
        return out.toString(StandardCharsets.UTF_8).replace(trace.toString(), label) + (problems.isBlank() ? "" : problems);
    }
}
