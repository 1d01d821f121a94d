/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The LockStat JDK authors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied this code.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

package jdk.lockstat.internal.tool;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import jdk.lockstat.internal.format.TraceFormatException;
import jdk.lockstat.internal.reconstruct.BoundedWorker;
import jdk.lockstat.query.TraceModel;
import jdk.lockstat.query.TraceModelFuzzTest;

/**
 * Inputs the fuzzers found bugs with (src/test/resources/fuzz-regressions, named after the bug), run
 * through every analysis command: each once hung, overflowed the stack or printed an internal error.
 *
 * <ul>
 * <li>later-lifetime-huge-seq: a sequence number far ahead in a monitor address's second lifetime grew
 *     the waiting window without bound (an int overflow: an endless loop)</li>
 * <li>negative-seq: a sequence number past 2^63 made every lifetime refuse the event, and a new one was
 *     added for it, forever</li>
 * <li>seq-time-contradiction: a deflation earlier by number but later by time than events after it moved
 *     them into ever new lifetimes, recursively (StackOverflowError)</li>
 * <li>schema-without-frame-method: a schema whose CallChain frames lack "method" (an assertion)</li>
 * <li>negative-buffer-seq: verify and summary indexed a bit set with a buffer's negative number</li>
 * <li>non-string-thread-name: summary --format json quoted a thread name that was no string</li>
 * <li>seq-wraps-past-long-max: a monitor event numbered 2^63-1 was delivered and the next expected number
 *     wrapped to -2^63; the end-of-trace resync then searched for it forever</li>
 * <li>lifetimes-windows-exhaust-heap: contradicting numbers and times spread events over hundreds of
 *     lifetimes of one address, each with a window of a million slots (513 MB for a 1 KB trace)</li>
 * </ul>
 */
class FuzzRegressionTest {
    static Stream<Path> inputs() throws IOException {
        Path dir = Path.of("src/test/resources/fuzz-regressions");
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> p.toString().endsWith(".lct")).sorted().forEach(files::add);
        }
        assertFalse(files.isEmpty(), "no regression inputs in " + dir.toAbsolutePath());
        return files.stream();
    }

    @ParameterizedTest
    @MethodSource("inputs")
    void everyCommandAnswersClearly(Path input) throws Exception {
        List<List<String>> commands = List.of(List.of("verify"), List.of("summary"), List.of("summary", "--format", "json"),
                List.of("report"), List.of("report", "--by", "owner-thread,chain,lock", "--format", "json"),
                List.of("report", "--by", "thread,owner-method", "--format", "csv"), List.of("locks"),
                List.of("flame"), List.of("flame", "--owner"), List.of("flame", "--format", "html"), List.of("print"),
                List.of("export", "-o", Path.of("target", "fuzz-regression-export.pb.gz").toString()));
        try (BoundedWorker worker = new BoundedWorker()) {
            for (List<String> command : commands) {
                List<String> args = new ArrayList<>(command);
                args.add(input.toString());
                BoundedWorker.Outcome<ToolRun> o = worker.run(() -> ToolRun.of(args.toArray(String[]::new)), 20);
                String where = input.getFileName() + ": lockstat " + String.join(" ", command);
                assertNull(o.problem(ALLOCATION_LIMIT, null), () -> where + ": " + o.problem(ALLOCATION_LIMIT, null));
                assertNull(TraceFuzzTest.problem(o.value()), () -> where + ": " + TraceFuzzTest.problem(o.value())
                        + "\n" + o.value().err());
            }
            // and the viewer's open path, with the queries its views make
            BoundedWorker.Outcome<TraceModel> m = worker.run(() -> TraceModelFuzzTest.openAndQuery(input, new Random(1)), 20);
            String where = input.getFileName() + ": viewer open";
            assertNull(m.problem(ALLOCATION_LIMIT, TraceFormatException.class), () -> where + ": "
                    + m.problem(ALLOCATION_LIMIT, TraceFormatException.class));
        }
    }

    /** A few dozen KB of input: a command needs a few MB; this catches windows sized by damage. */
    private static final long ALLOCATION_LIMIT = 128L << 20;
}
