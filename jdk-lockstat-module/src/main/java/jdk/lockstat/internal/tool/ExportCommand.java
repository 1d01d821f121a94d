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

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPOutputStream;

import jdk.lockstat.internal.query.PprofProfile;
import jdk.lockstat.internal.query.TraceQueries;

/**
 * lockstat export: contention in another tool's format. {@code --format pprof} writes a gzip-compressed
 * pprof profile ({@link PprofProfile}) for {@code go tool pprof}, with the owners' chains (as Go's mutex
 * profile) or the blocked threads' (--side blocked, as Go's block profile).
 */
final class ExportCommand implements Command {
    @Override
    public String name() {
        return "export";
    }

    @Override
    public String usage() {
        return "lockstat export [--format pprof] [--side owner|blocked] " + AnalysisRun.FILTER_USAGE
                + " [--all-frames] -o FILE TRACE";
    }

    @Override
    public String description() {
        return "a pprof profile (gzip'd profile.proto): owner chains (or --side blocked) weighted by blocked time";
    }

    @Override
    public boolean showsChains() {
        return true;
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws ToolException {
        Set<String> valued = new HashSet<>(AnalysisRun.FILTER_OPTIONS);
        valued.addAll(Set.of("--format", "--side", "-o"));
        Options o = Options.parse(args, Set.of(Options.ALL_FRAMES), valued, usage());
        String format = o.values.getOrDefault("--format", "pprof");
        if (!format.equals("pprof")) {
            throw new ToolException("--format must be pprof, not " + format, 2);
        }
        String side = o.values.getOrDefault("--side", "owner");
        if (!side.equals("owner") && !side.equals("blocked")) {
            throw new ToolException("--side must be owner or blocked, not " + side, 2);
        }
        String output = o.values.get("-o");
        if (output == null || output.isBlank()) {
            throw new ToolException("missing output file: -o FILE\nusage: " + usage(), 2);
        }
        Path file;
        try {
            file = Path.of(output);
        } catch (InvalidPathException e) {
            throw new ToolException("invalid output file name " + output, 2);
        }
        AnalysisRun run = AnalysisRun.of(o, usage());
        if (Files.isDirectory(file)) {
            throw new ToolException(file + " is a directory, not an output file", 2);
        }
        try {
            if (Files.exists(file) && Files.isSameFile(file, run.file)) {
                throw new ToolException("-o " + file + " is the trace itself", 2);
            }
        } catch (IOException e) {
            // cannot tell: writing will say what is wrong
        }
        PprofProfile profile = new PprofProfile(side.equals("owner"), o.flags.contains(Options.ALL_FRAMES));
        run.analyze(profile, err, name());
        byte[] proto = profile.encode(startEpochNanos(run), run.runNanos(), "lockstat export --side " + side
                + " " + run.file.getFileName() + (run.windowText().isEmpty() ? "" : ", " + run.windowText()));
        try (OutputStream os = new GZIPOutputStream(Files.newOutputStream(file))) {
            os.write(proto);
        } catch (NoSuchFileException e) {
            throw new ToolException("cannot write " + file + ": no such directory", 1);
        } catch (AccessDeniedException e) {
            throw new ToolException("cannot write " + file + ": permission denied", 1);
        } catch (IOException e) {
            throw new ToolException("cannot write " + file + ": " + e.getMessage(), 1);
        }
        run.analysis.counters().notes().forEach(n -> err.println("lockstat export: note: " + n));
        return run.status();
    }

    /** When the profile starts: the trace's wall-clock start (its header), plus --from; 0 when unknown. */
    private static long startEpochNanos(AnalysisRun run) {
        return TraceQueries.startEpochNanos(run.result.parse().header(), run.from == Long.MIN_VALUE ? 0 : run.from);
    }
}
