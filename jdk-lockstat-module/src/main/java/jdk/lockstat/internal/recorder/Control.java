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

package jdk.lockstat.internal.recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

/**
 * Runtime control of tracing, the one implementation behind jcmd LockStat.* (HotSpot's
 * lockStatDCmds.cpp calls the dcmd* methods) and the JMX MBean jdk.lockstat:type=LockStat. At most
 * one recording at a time; all operations are serialized. The calling thread records nothing while
 * it works here: the tool's own locking is not the application's.
 */
public final class Control {
    private static final Object LOCK = new Object();
    private static Recording current;        // guarded by LOCK; the latest recording, running or not
    private static boolean running;          // guarded by LOCK
    private static boolean hookInstalled;    // guarded by LOCK

    private Control() {}

    /** The recording the VM started with (-XX:+TraceLockContention). */
    static void startupRecording(Recording r) {
        synchronized (LOCK) {
            installHook();
            current = r;
            running = true;
            r.start();
        }
    }

    /**
     * Starts tracing. file: null for lockstat-%p-%t.lct in the working directory (%p pid, %t start
     * time); durationNanos, maxSize: 0 for none. Returns what was started.
     */
    public static String start(String file, long durationNanos, long maxSize) throws IOException {
        return start(file, durationNanos, maxSize, 0);
    }

    /** LockStat.start's profiles, interval and keep, or null without profiles. */
    private static ProfileDirectory.Spec profileSpec(String file, long maxSize, String profiles, long intervalNanos, long keep) {
        if (profiles == null || profiles.isBlank()) {
            if (intervalNanos != 0 || keep != 0) {
                throw new IllegalArgumentException("interval and keep apply to profiles=DIR");
            }
            return null;
        }
        if (file != null && !file.isBlank() || maxSize != 0) {
            throw new IllegalArgumentException("profiles writes no trace file: give profiles=DIR without file or maxsize");
        }
        return ProfileDirectory.Spec.of(profiles.trim(), intervalNanos > 0 ? intervalNanos : ProfileDirectory.Spec.DEFAULT_INTERVAL_NANOS,
                keep > 0 ? keep : ProfileDirectory.Spec.DEFAULT_KEEP);
    }

    /** The largest sampling rate: one in a million contentions (the flag's range). */
    static final long MAX_SAMPLING = 1_000_000;

    /**
     * Starts tracing; sampling: record one in that many contentions, chosen at random (the releases
     * and unparks that end the others are not recorded either), 0 for -XX:TraceLockContentionSampling.
     */
    public static String start(String file, long durationNanos, long maxSize, long sampling) throws IOException {
        return start(file, durationNanos, maxSize, sampling, null, 0, 0);
    }

    /**
     * Starts tracing; profiles: a directory for periodic profiles instead of a trace file (each interval's
     * owner- and blocked-side pprof profiles, the most recent keep of each), or null; intervalNanos and
     * keep 0 for their defaults (60 s, 60).
     */
    public static String start(String file, long durationNanos, long maxSize, long sampling, String profiles,
                               long intervalNanos, long keep) throws IOException {
        ProfileDirectory.Spec profileSpec = profileSpec(file, maxSize, profiles, intervalNanos, keep);
        if (sampling < 0 || sampling > MAX_SAMPLING) {
            throw new IllegalArgumentException("sampling must be 1 to " + MAX_SAMPLING + " (one in N contentions), was " + sampling);
        }
        if (durationNanos < 0) {
            throw new IllegalArgumentException("duration must not be negative");
        }
        if (maxSize != 0 && maxSize < TraceRing.MIN_MAX_SIZE) {
            throw new IllegalArgumentException("maxsize must be at least 1 MB (or 0: no limit), was " + maxSize);
        }
        Path path = pathOf(file == null || file.isBlank() ? "lockstat-%p-%t.lct" : file);
        return excluded(() -> {
            synchronized (LOCK) {
                if (running && !current.failed()) {
                    throw new IllegalStateException("tracing is already on (" + current.file()
                            + "); stop it first with LockStat.stop");
                }
                if (running) {
                    finishQuietly("writing failed");
                }
                installHook();
                boolean compress = LockStatVM.compress();
                TraceFileSink fileSink = null;
                TraceRing ring = null;
                ProfileDirectory directory = null;
                // The VM first: the header takes its start time.
                if (!LockStatVM.start((int) sampling)) {
                    throw new IllegalStateException("the VM is tracing already");
                }
                Map<String, String> header = Startup.headerProperties();
                header.put("lockstat.started.by", "LockStat.start");
                try {
                    if (profileSpec != null) {
                        directory = new ProfileDirectory(profileSpec, new jdk.lockstat.internal.format.TraceHeader(header),
                                LockStatVM.startNanos());
                    } else if (maxSize > 0) {
                        Path dir = Files.createTempDirectory("lockstat-" + ProcessHandle.current().pid() + "-");
                        ring = new TraceRing(dir, maxSize, compress, header);
                    } else {
                        fileSink = TraceFileSink.create(path, compress, header);
                    }
                } catch (IOException e) {
                    LockStatVM.stop();
                    throw new IllegalStateException((profileSpec != null ? "cannot create the profiles' directory " + profileSpec.dir()
                            : maxSize > 0 ? "cannot create the ring's directory" : "cannot write trace file " + path)
                            + " (" + Startup.describe(e) + "); tracing stays off", e);
                } catch (RuntimeException e) {
                    LockStatVM.stop();
                    throw e;
                }
                Recording r = new Recording(directory != null ? directory.directory() : path, fileSink, ring,
                        directory != null ? List.of(directory) : List.of(), header, compress, durationNanos);
                current = r;
                running = true;
                r.start();
                long rate = Startup.samplingOf(header);
                return "LockStat: tracing started; " + (rate > 1 ? "one in " + rate + " contentions sampled; " : "")
                        + (directory != null ? "profiles every " + profileSpec.intervalNanos() / 1_000_000_000L + " s into "
                                + directory.directory() + " (the most recent " + profileSpec.keep() + " of each side)" : ring != null
                        ? "ring of at most " + maxSize + " bytes in " + ring.directory() + ", written to " + path + " at stop"
                        : "trace file " + path)
                        + (durationNanos > 0 ? "; stops by itself after " + durationNanos / 1_000_000 + " ms" : "") + "\n";
            }
        });
    }

    public static String stop() throws IOException {
        return excluded(() -> {
            synchronized (LOCK) {
                if (!running) {
                    throw new IllegalStateException("tracing is off");
                }
                running = false;
                return current.stop("LockStat.stop");
            }
        });
    }

    public static String dump(String file) throws Exception {
        if (file == null || file.isBlank()) {
            throw new IllegalArgumentException("file is required");
        }
        Path path = pathOf(file);
        return excluded(() -> {
            synchronized (LOCK) {
                if (!running) {
                    throw new IllegalStateException("tracing is off; nothing to dump");
                }
                try {
                    return current.dump(path);
                } catch (IOException e) {
                    throw new IOException("cannot write " + path + " (" + Startup.describe(e) + "); tracing goes on", e);
                }
            }
        });
    }

    public static String status() {
        synchronized (LOCK) {
            if (current == null) {
                return "LockStat: tracing is off (start it with jcmd <pid> LockStat.start)\n";
            }
            if (!running) {
                return "LockStat: tracing is off; the last trace is " + current.file() + "\n";
            }
            return current.status();
        }
    }

    /** Whether this VM can trace at all: false where it was built without the lockstat JVM feature. */
    public static boolean vmSupportsTracing() {
        return LockStatVM.available();
    }

    public static boolean isTracing() {
        synchronized (LOCK) {
            return running && !current.failed();
        }
    }

    /** The report so far: of the online analysis if there is one, else of a dump of the running trace. */
    public static String report(String by, long top) throws Exception {
        return report(by, top, "text", null);
    }

    /**
     * The report formats of LockStat.report: lockstat report's, lockstat export's pprof profile, and
     * whatif: lockstat whatif's predictions (by names the sections' aspect).
     */
    static final List<String> REPORT_FORMATS = List.of("text", "csv", "json", "pprof", "whatif");

    /**
     * The report so far in format (text, csv, json, or pprof: the owner-side profile of lockstat export),
     * printed, or written to file (pprof: always to a file). pprof needs the events themselves, so a
     * recording with a trace: the online analysis alone keeps only aggregates.
     */
    public static String report(String by, long top, String format, String file) throws Exception {
        String f = format == null || format.isBlank() ? "text" : format.trim();
        if (!REPORT_FORMATS.contains(f)) {
            throw new IllegalArgumentException("report format must be one of " + String.join(", ", REPORT_FORMATS)
                    + ", not " + f);
        }
        Path out = file == null || file.isBlank() ? null : outputPath(file);
        if (f.equals("pprof") && out == null) {
            throw new IllegalArgumentException("report format=pprof writes a binary profile: give file=PATH");
        }
        String label;
        synchronized (LOCK) {
            boolean needsTrace = f.equals("pprof") || f.equals("whatif");
            if (!running || (OnlineReport.isOn() && !needsTrace)) {
                if (needsTrace) {
                    throw new IllegalStateException("report format=" + f + " needs a recording with a trace"
                            + " (LockStat.start, or -XX:+TraceLockContention); the online analysis keeps only aggregates");
                }
                return written(OnlineReport.dcmdReport(by, top, f), out, f);
            }
            label = (current.isRing() ? "the ring of " : "") + current.file() + ", so far";
        }
        Path tmp = Files.createTempFile("lockstat-report-", ".lct");
        try {
            Files.delete(tmp);   // the dump creates it anew, owner-only
            dump(tmp.toString());
            if (f.equals("pprof")) {
                String problems = excluded(() -> OfflineReport.exportPprof(tmp, label, out));
                return "LockStat: pprof profile of " + label + " written to " + out + "\n" + problems;
            }
            return written(excluded(() -> OfflineReport.render(tmp, label, by, top, f)), out, f);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static Path outputPath(String file) {
        try {
            Path p = Path.of(file);
            if (Files.isDirectory(p)) {
                throw new IllegalArgumentException("report file=" + file + " is a directory");
            }
            return p;
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("report file=" + file + " is not a valid path");
        }
    }

    /** The report itself, or where it was written. */
    private static String written(String report, Path out, String format) throws IOException {
        if (out == null) {
            return report;
        }
        Files.writeString(out, report);
        return "LockStat: " + format + " report written to " + out + "\n";
    }

    /** The duration timer of r ran out. */
    static void durationElapsed(Recording r) {
        synchronized (LOCK) {
            if (current == r && running) {
                running = false;
                try {
                    excluded(() -> r.stop("duration elapsed"));
                } catch (Exception e) {
                    Warnings.warn("stopping tracing after its duration failed: " + Startup.describe(e));
                }
            }
        }
    }

    // ---- jcmd: text in, text out; problems become messages, never exceptions in the VM ----

    static String dcmdStart(String file, long durationNanos, long maxSize, long sampling, String profiles,
                            long intervalNanos, long keep) {
        return asText(() -> start(file, durationNanos, maxSize, sampling, profiles, intervalNanos, keep));
    }

    static String dcmdStop() {
        return asText(Control::stop);
    }

    static String dcmdDump(String file) {
        return asText(() -> dump(file));
    }

    static String dcmdStatus() {
        return status();
    }

    static String dcmdReport(String by, long top, String format, String file) {
        return asText(() -> report(by, top, format, file));
    }

    private interface Action<T> {
        T run() throws Exception;
    }

    private static String asText(Action<String> a) {
        try {
            return a.run();
        } catch (IllegalStateException | IllegalArgumentException e) {
            return "LockStat: " + e.getMessage() + "\n";
        } catch (java.io.IOException e) {
            return "LockStat: " + (e.getMessage() != null ? e.getMessage() : Startup.describe(e)) + "\n";
        } catch (Exception e) {
            return "LockStat: failed: " + Startup.describe(e) + "\n";
        }
    }

    @SuppressWarnings("unchecked")
    private static <T, E extends Exception> T excluded(Action<T> a) throws E {
        LockStatVM.excludeCurrentThread(true);
        try {
            return a.run();
        } catch (Exception e) {
            throw (E) e;
        } finally {
            LockStatVM.excludeCurrentThread(false);
        }
    }

    private static void finishQuietly(String why) {
        running = false;
        try {
            current.stop(why);
        } catch (IOException e) {
            Warnings.warn("ending the failed recording: " + Startup.describe(e));
        }
    }

    // ---- VM exit ----

    private static void installHook() {
        if (!hookInstalled) {
            Runtime.getRuntime().addShutdownHook(new Thread(Control::atExit, "LockStat Shutdown"));
            hookInstalled = true;
        }
    }

    /** VM exit: the running recording ends (a ring is written to its file, as at stop). */
    private static void atExit() {
        LockStatVM.excludeCurrentThread(true);
        synchronized (LOCK) {
            if (running) {
                running = false;
                try {
                    current.stop("VM exit");
                } catch (IOException | RuntimeException | OutOfMemoryError e) {
                    Warnings.warn("completing the trace at exit failed: " + Startup.describe(e));
                }
            }
        }
    }

    // ---- files ----

    /** %p: pid, %t: start time (as for -XX:TraceLockContentionFile), %%: %. */
    static Path pathOf(String pattern) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c != '%') {
                b.append(c);
                continue;
            }
            char n = i + 1 < pattern.length() ? pattern.charAt(++i) : ' ';
            switch (n) {
                case 'p' -> b.append(ProcessHandle.current().pid());
                case 't' -> b.append(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd_HH-mm-ss")));
                case '%' -> b.append('%');
                default -> throw new IllegalArgumentException("file " + pattern + ": unknown '%" + n
                        + "' (use %p for the process id, %t for the start time, %% for a percent sign)");
            }
        }
        try {
            return Path.of(b.toString()).toAbsolutePath();
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("file " + pattern + ": " + e.getMessage());
        }
    }
}
