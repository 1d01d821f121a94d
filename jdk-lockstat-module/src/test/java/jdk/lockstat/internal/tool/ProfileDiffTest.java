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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.reconstruct.Scenario;

/**
 * lockstat diff of two pprof profiles that lockstat export wrote from the forced traces of
 * DiffCommandTest (AB.holdB 6 ms -> 1 ms): the same blocked times per second of run, by the aspects the
 * profiles carry, as the traces' diff gives; the side's flame graph input; and one clear message for
 * profiles of two sides, a trace beside a profile, an aspect no profile has, and files that are not
 * LockStat's profiles.
 */
class ProfileDiffTest {
    @TempDir
    Path dir;

    private String export(String trace, String side, String name) throws Exception {
        String out = dir.resolve(name).toString();
        ToolRun r = ToolRun.of("export", "--side", side, "-o", out, trace);
        assertEquals(0, r.status(), r.err());
        return out;
    }

    /** Base and fixed traces; their owner-side and blocked-side profiles. */
    private String[] files() throws Exception {
        String base = Scenario.holdAB(5).write(dir, "base.lct").toString();
        String fixed = Scenario.holdAB(5, 1_000_000, 1_000_000).write(dir, "fixed.lct").toString();
        return new String[] {base, fixed, export(base, "owner", "base-owner.pb.gz"), export(fixed, "owner", "fixed-owner.pb.gz"),
                export(base, "blocked", "base-blocked.pb.gz"), export(fixed, "blocked", "fixed-blocked.pb.gz")};
    }

    /** The diff's rows: "change base new" and the key, without the contentions column. */
    private static List<String> rows(String out) {
        List<String> lines = out.lines().toList();
        int header = lines.indexOf(lines.stream().filter(l -> l.contains("change ms/s")).findFirst().orElseThrow());
        return lines.subList(header + 1, lines.size()).stream()
                .map(l -> l.substring(0, 41) + l.substring(l.indexOf(" -> ") + 11)).toList();
    }

    @Test
    void profilesGiveTheTracesTimesByTheirAspects() throws Exception {
        String[] f = files();
        for (String by : List.of("owner-method", "lock-class,owner-method", "owner-thread", "lock,owner-chain")) {
            ToolRun traces = ToolRun.of("diff", "--by", by, f[0], f[1]), profiles = ToolRun.of("diff", "--by", by, f[2], f[3]);
            assertEquals(0, profiles.status(), profiles.err());
            assertEquals(rows(traces.out()), rows(profiles.out()), by + "\n" + traces.out() + "\n" + profiles.out());
        }
        List<String> lines = ToolRun.of("diff", f[2], f[3]).out().lines().toList();
        assertTrue(lines.get(0).equals("Lock contention diff, by lock-class > owner-method: blocked time per second of each run"), lines.get(0));
        assertTrue(lines.get(1).matches("Base  .*base-owner.pb.gz: 70.000 ms blocked in \\d+ contentions over 5.000 s: 14.000 ms/s"),
                lines.get(1));
        assertEquals("Change: -10.000 ms/s (-71.4%)", lines.get(3));
        assertTrue(rows(String.join("\n", lines)).get(1).matches("\\s+-10.000\\s+12.000\\s+2.000\\s+AB.holdB"), String.join("\n", lines));
        // Blocked-side profiles: by default lock-class and the blocked threads' method; their flame graph input.
        ToolRun blocked = ToolRun.of("diff", f[4], f[5]);
        assertEquals(0, blocked.status(), blocked.err());
        assertTrue(blocked.out().startsWith("Lock contention diff, by lock-class > method:"), blocked.out());
        assertEquals(ToolRun.of("diff", "--format", "collapsed", f[0], f[1]).out(), ToolRun.of("diff", "--format", "collapsed", f[4], f[5]).out());
        assertEquals(ToolRun.of("diff", "--format", "collapsed", "--owner", f[0], f[1]).out(),
                ToolRun.of("diff", "--format", "collapsed", "--owner", f[2], f[3]).out());
        assertTrue(ToolRun.of("diff", "--format", "html", f[2], f[3]).out().contains("lockstat diff base-owner.pb.gz"));
    }

    @Test
    void oneClearMessageForWhatCannotBeCompared() throws Exception {
        String[] f = files();
        Path notLockStat = dir.resolve("other.pb.gz"), cut = dir.resolve("cut.pb.gz");
        try (OutputStream os = new GZIPOutputStream(Files.newOutputStream(notLockStat))) {
            os.write(new byte[] {0x0A, 0x02, 0x08, 0x01});   // a sample type, and no comment naming a side
        }
        byte[] whole = Files.readAllBytes(Path.of(f[2]));
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        record Case(List<String> args, int status, String message) {}
        for (Case c : List.of(
                new Case(List.of(f[2], f[5]), 2, "is an owner-side profile and " + f[5] + " a blocked-side one"),
                new Case(List.of(f[0], f[3]), 2, "not one of each: " + f[3] + " is a profile"),
                new Case(List.of("--by", "site", f[2], f[3]), 2, "--by site: an owner-side profile has only group, lock-class, lock, thread, owner-thread, owner-method, owner-chain"),
                new Case(List.of("--by", "owner-method", f[4], f[5]), 2, "a blocked-side profile has only"),
                new Case(List.of("--format", "collapsed", "--owner", f[4], f[5]), 2, "these are blocked-side profiles"),
                new Case(List.of(notLockStat.toString(), f[3]), 1, "not a profile LockStat wrote"),
                new Case(List.of(cut.toString(), f[3]), 1, "cut short"))) {
            List<String> args = new java.util.ArrayList<>(List.of("diff"));
            args.addAll(c.args());
            ToolRun r = ToolRun.of(args.toArray(String[]::new));
            assertEquals(c.status(), r.status(), c + ": " + r.err());
            assertTrue(r.err().contains(c.message()), c + ": " + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertEquals("", r.out());
        }
    }
}
