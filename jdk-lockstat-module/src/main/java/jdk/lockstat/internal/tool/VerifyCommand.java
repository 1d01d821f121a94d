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
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import jdk.lockstat.internal.format.TraceFormatException;
import jdk.lockstat.internal.format.TraceParser;
import jdk.lockstat.internal.format.TruncatedTraceException;

/**
 * lockstat verify: structure (magic, version, record order, lengths), checksums (Snappy chunks and
 * records), every event decodes against the schema, buffer sequence gaps against the VM's lost count,
 * references to threads, and a proper end record. Exit status 0 only for an intact trace.
 */
final class VerifyCommand implements Command {
    @Override
    public String name() {
        return "verify";
    }

    @Override
    public String usage() {
        return "lockstat verify TRACE";
    }

    @Override
    public String description() {
        return "check a trace's structure, checksums and sequence numbers";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws ToolException {
        Options o = Options.parse(args, Set.of(), Set.of(), usage());
        Path file = TraceArgument.single(o.positional, usage());
        TraceStatistics stats = new TraceStatistics();
        ReferenceChecker references = new ReferenceChecker();
        TraceParser.Result r;
        try {
            r = TraceParser.parse(file, new TraceParser.Listener() {
                @Override
                public void header(jdk.lockstat.internal.format.TraceHeader header) {
                    references.header(header);
                }

                @Override
                public void buffer(jdk.lockstat.internal.format.EventBuffer buffer, long recordOffset) {
                    stats.buffer(buffer, recordOffset);
                    references.buffer(buffer, recordOffset);
                }

                @Override
                public void event(jdk.lockstat.internal.format.Event e) {
                    stats.event(e);
                    references.event(e);
                }
            });
        } catch (TruncatedTraceException e) {
            out.println(file + ": TRUNCATED before any record could be read: " + e.getMessage());
            return 1;
        } catch (TraceFormatException e) {
            out.println(file + ": INVALID: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            throw new ToolException("cannot read " + file + ": " + e.getMessage(), 1);
        }
        List<String> problems = new ArrayList<>(r.problems());
        if (!r.complete() && !r.truncated()) {
            problems.add("no end record: the VM did not close the trace (killed, or still running)");
        }
        long missing = stats.missingBuffers();
        long lost = r.complete() ? Json.parseLong(r.end().get("lost.buffers")) : -1;
        // Buffers numbered after the last one present (dropped when tracing stopped behind a full
        // queue) leave no hole in the sequence; the VM's count of numbers handed out bounds them. It
        // bounds only: a number can also go to a buffer that never held an event (neither written nor
        // lost). Every hole must be a lost buffer; every lost buffer a hole or a number after the last.
        String numbered = r.complete() ? r.end().get("buffers.numbered") : null;
        long trailing = numbered == null ? 0 : Math.max(0, Json.parseLong(numbered) - stats.highestBufferSequence() - 1);
        boolean accounted = numbered == null ? missing == lost : lost >= missing && lost <= missing + trailing;
        if (missing > 0 && (numbered == null ? lost != missing : lost < missing)) {
            problems.add(missing + " event buffers missing from the sequence"
                    + (lost >= 0 ? " but the VM reported " + lost + " lost" : ""));
        } else if (numbered != null && lost > missing + trailing) {
            problems.add("the VM reported " + lost + " lost buffers but " + missing + " are missing from the sequence"
                    + " and " + trailing + " numbered after the last one");
        }
        if (stats.implausibleBufferSequences > 0) {
            problems.add(stats.implausibleBufferSequences + " event buffers carry an impossible sequence number (damaged)");
        }
        if (references.impossibleSequenceNumbers() > 0) {
            // The analysis's rule too (SequenceNumbers): report notes the same count as ignored.
            problems.add(references.impossibleSequenceNumbers()
                    + " monitor or park event(s) carry an impossible sequence number (damaged)");
        }
        if (stats.duplicateBuffers > 0) {
            problems.add(stats.duplicateBuffers + " event buffers appear twice");
        }
        List<String> consequences = new ArrayList<>(references.referenceProblems());
        // A thread's start is in the VM's shared buffer, which can be among the lost ones too.
        stats.endedWithoutStart.forEach((tid, n) -> consequences.add("thread " + tid + " ends without having started"));
        consequences.addAll(references.sequenceGaps());
        consequences.addAll(references.unresolvedForwardRefs(true));
        List<String> notes = new ArrayList<>(references.unresolvedForwardRefs(false));
        if (lost > 0 && accounted) {
            // Buffers the VM dropped (and counted) held events and metadata: gaps are expected.
            consequences.forEach(g -> notes.add(g + " (in the " + lost + " lost buffers)"));
        } else {
            problems.addAll(consequences);
        }
        if (problems.isEmpty()) {
            out.printf("%s: OK (format %s, %s, %,d records, %,d buffers, %,d events, %,d monitors%s)%n", file, r.version(),
                    r.compressed() ? "compressed" : "uncompressed", r.records(), r.buffers(), r.events(), references.monitors(),
                    lost > 0 ? ", " + lost + " buffers lost and accounted for" : "");
            notes.forEach(n -> out.println("  note: " + n));
            return 0;
        }
        out.printf("%s: %s (%,d records, %,d events readable)%n", file,
                r.truncated() ? "TRUNCATED" : "INVALID", r.records(), r.events());
        problems.forEach(p -> out.println("  " + p));
        return 1;
    }

}
