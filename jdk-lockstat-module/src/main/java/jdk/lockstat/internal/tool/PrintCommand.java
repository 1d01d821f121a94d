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
import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.Field;
import jdk.lockstat.internal.format.FieldKind;
import jdk.lockstat.internal.format.TraceFormatException;
import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.format.TraceParser;

/** lockstat print: every event of a trace, as text lines or as a JSON array (streamed, like jfr print). */
final class PrintCommand implements Command {
    @Override
    public String name() {
        return "print";
    }

    @Override
    public String usage() {
        return "lockstat print [--format text|json] TRACE";
    }

    @Override
    public String description() {
        return "every event of a trace, as text or JSON";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws ToolException {
        // --json: the option's name before --format, as every other command takes it; still accepted
        Options o = Options.parse(args, Set.of("--json"), Set.of("--format"), usage());
        String format = o.values.getOrDefault("--format", o.flags.contains("--json") ? "json" : "text");
        if (!format.equals("text") && !format.equals("json")) {
            throw new ToolException("--format must be text or json, not " + format, 2);
        }
        Path file = TraceArgument.single(o.positional, usage());
        boolean json = format.equals("json");
        Printer p = json ? new JsonPrinter(out) : new TextPrinter(out);
        TraceParser.Result r;
        try {
            r = TraceParser.parse(file, p);
        } catch (OutputClosed e) {
            return 0;   // nobody reads any more (lockstat print ... | head): stop instead of reading on
        } catch (TraceFormatException e) {
            throw new ToolException(file + ": " + e.getMessage(), 1);
        } catch (IOException e) {
            throw new ToolException("cannot read " + file + ": " + e.getMessage(), 1);
        }
        p.finish(r);
        out.flush();
        return r.intact() ? 0 : 1;
    }

    private abstract static class Printer implements TraceParser.Listener {
        final PrintStream out;
        long startNanos;

        Printer(PrintStream out) {
            this.out = out;
        }

        @Override
        public void header(TraceHeader header) {
            startNanos = header.startNanos();
        }

        abstract void finish(TraceParser.Result r);

        /** Between buffers: a closed output (a broken pipe) ends the pass; PrintStream only records it. */
        @Override
        public void buffer(jdk.lockstat.internal.format.EventBuffer buffer, long recordOffset) {
            if (out.checkError()) {
                throw new OutputClosed();
            }
        }

        /** A field value: strings quoted; list elements as {name=value ...} (text) or JSON objects. */
        static void appendValue(StringBuilder sb, Field f, Object v, boolean json) {
            if (v instanceof String s) {
                sb.append(Json.quote(s));
            } else if (v instanceof List<?> list) {
                sb.append('[');
                for (int j = 0; j < list.size(); j++) {
                    Object[] el = (Object[]) list.get(j);
                    sb.append(j == 0 ? "{" : ", {");
                    for (int k = 0; k < el.length; k++) {
                        String name = f.elements().get(k).name();
                        sb.append(k == 0 ? "" : json ? ", " : " ");
                        sb.append(json ? Json.quote(name) + ": " : name + "=");
                        appendValue(sb, f.elements().get(k), el[k], json);
                    }
                    sb.append('}');
                }
                sb.append(']');
            } else {
                sb.append(v);
            }
        }
    }

    /** The output was closed under the printer (a broken pipe). */
    private static final class OutputClosed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutputClosed() {
            super(null, null, false, false);
        }
    }

    private static final class TextPrinter extends Printer {
        TextPrinter(PrintStream out) {
            super(out);
        }

        @Override
        public void event(Event e) {
            StringBuilder sb = new StringBuilder(e.type().name());
            sb.append(" writer=").append(e.writerThread());
            List<Field> fields = e.type().fields();
            Object[] values = e.values();
            for (int i = 0; i < fields.size(); i++) {
                Field f = fields.get(i);
                sb.append(' ').append(f.name()).append('=');
                if (f.kind() == FieldKind.TIMESTAMP) {
                    sb.append(String.format("+%.6fs", (e.num(i) - startNanos) / 1e9));
                } else {
                    appendValue(sb, f, values[i], false);
                }
            }
            out.println(sb);
        }

        @Override
        void finish(TraceParser.Result r) {
            for (String p : r.problems()) {
                out.println("PROBLEM " + p);
            }
        }
    }

    private static final class JsonPrinter extends Printer {
        private boolean first = true;

        JsonPrinter(PrintStream out) {
            super(out);
            out.println("{\"events\": [");
        }

        @Override
        public void event(Event e) {
            StringBuilder sb = new StringBuilder(first ? "  {" : ",\n  {");
            first = false;
            sb.append("\"type\": ").append(Json.quote(e.type().name()));
            sb.append(", \"writer\": ").append(e.writerThread());
            sb.append(", \"buffer\": ").append(e.bufferSequence());
            List<Field> fields = e.type().fields();
            Object[] values = e.values();
            for (int i = 0; i < fields.size(); i++) {
                sb.append(", ").append(Json.quote(fields.get(i).name())).append(": ");
                appendValue(sb, fields.get(i), values[i], true);
            }
            out.print(sb.append('}'));
        }

        @Override
        void finish(TraceParser.Result r) {
            out.println("\n],");
            out.print("\"complete\": " + r.complete() + ", \"problems\": [");
            String sep = "";
            for (String p : r.problems()) {
                out.print(sep + Json.quote(p));
                sep = ", ";
            }
            out.println("]}");
        }

        @Override
        public void end(Map<String, String> summary) {
            // the end record is shown by lockstat summary
        }
    }
}
