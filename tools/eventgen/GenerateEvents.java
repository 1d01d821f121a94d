/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Writes, from the one definition of LockStat's trace events (jdk-lockstat-module/src/main/events/events.xml),
 * the Java event types and the VM's ids and typed writers, and checks the event table of
 * docs/trace-format.md against it; with --check, writes nothing and fails when a generated file differs
 * from what it would write (make test runs that; make generate-events writes).
 *
 * <p>Usage: java tools/eventgen/GenerateEvents.java [--check] [REPOSITORY]
 */
public class GenerateEvents {
    static final String DEFINITION = "jdk-lockstat-module/src/main/events/events.xml";
    static final String JAVA = "jdk-lockstat-module/src/main/java/jdk/lockstat/internal/format/EventType.java";
    static final String CXX = "hotspot-patches/src/hotspot/share/lockstat/events/lockStatEventTypes.hpp";
    static final String DOCS = "docs/trace-format.md";

    record Field(String name, String type, String cxx, List<Field> elements) {}

    record Event(int id, String name, boolean reserved, boolean definition, String doc, List<Field> fields) {
        String displayName() {
            return GenerateEvents.displayName(name);
        }

        String snake() {
            return name.toLowerCase(Locale.ROOT);
        }
    }

    record Flag(String name, int value, String doc) {}

    record Flags(String prefix, String event, String field, List<Flag> flags) {}

    record Definition(List<Event> events, List<Flags> flags) {}

    public static void main(String[] args) throws Exception {
        boolean check = args.length > 0 && args[0].equals("--check");
        Path root = Path.of(args.length > (check ? 1 : 0) ? args[check ? 1 : 0] : ".");
        Definition d = read(root.resolve(DEFINITION));
        List<String> problems = new ArrayList<>();
        Map<String, String> outputs = new LinkedHashMap<>();
        outputs.put(JAVA, java(d));
        outputs.put(CXX, cxx(d));
        for (Map.Entry<String, String> o : outputs.entrySet()) {
            Path file = root.resolve(o.getKey());
            String now = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : null;
            if (o.getValue().equals(now)) {
                continue;
            }
            if (check) {
                problems.add(o.getKey() + " is not what " + DEFINITION + " gives: run make generate-events");
            } else {
                Files.writeString(file, o.getValue(), StandardCharsets.UTF_8);
                System.out.println("wrote " + o.getKey());
            }
        }
        problems.addAll(checkDocs(d, Files.readString(root.resolve(DOCS), StandardCharsets.UTF_8)));
        if (!problems.isEmpty()) {
            problems.forEach(p -> System.err.println("GenerateEvents: " + p));
            System.exit(1);
        }
        if (check) {
            System.out.println("events: " + d.events().size() + " events; " + JAVA + ", " + CXX + " and " + DOCS
                    + " agree with " + DEFINITION);
        }
    }

    // ---- the definition

    static Definition read(Path xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setExpandEntityReferences(false);
        Document doc = f.newDocumentBuilder().parse(xml.toFile());
        List<Event> events = new ArrayList<>();
        List<Flags> flags = new ArrayList<>();
        Map<Integer, String> ids = new LinkedHashMap<>();
        for (Element e : children(doc.getDocumentElement(), "event")) {
            int id = Integer.parseInt(e.getAttribute("id"));
            String name = e.getAttribute("name");
            if (ids.put(id, name) != null) {
                throw new IllegalArgumentException("event id " + id + " defined twice");
            }
            List<Field> fields = fields(e, name);
            for (int i = 0; i < fields.size() - 1; i++) {
                if (fields.get(i).type().equals("list")) {
                    throw new IllegalArgumentException(name + ": a list field must be the last");
                }
            }
            events.add(new Event(id, name, e.getAttribute("reserved").equals("true"), e.getAttribute("definition").equals("true"),
                    e.getAttribute("doc"), fields));
        }
        for (Element e : children(doc.getDocumentElement(), "flags")) {
            List<Flag> list = new ArrayList<>();
            for (Element f2 : children(e, "flag")) {
                list.add(new Flag(f2.getAttribute("name"), Integer.parseInt(f2.getAttribute("value")), f2.getAttribute("doc")));
            }
            String event = e.getAttribute("event"), field = e.getAttribute("field");
            Event owner = events.stream().filter(ev -> ev.name().equals(event)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("flags of an unknown event " + event));
            if (owner.fields().stream().noneMatch(fl -> fl.name().equals(field) && fl.type().equals("u1"))) {
                throw new IllegalArgumentException("flags of " + event + "." + field + ", which is no u1 field");
            }
            flags.add(new Flags(e.getAttribute("prefix"), event, field, list));
        }
        return new Definition(events, flags);
    }

    private static List<Field> fields(Element parent, String event) {
        List<Field> fields = new ArrayList<>();
        for (Element f : children(parent, "field")) {
            String type = f.getAttribute("type");
            if (!List.of("timestamp", "varint", "svarint", "u1", "string", "list").contains(type)) {
                throw new IllegalArgumentException(event + "." + f.getAttribute("name") + ": unknown type " + type);
            }
            List<Field> elements = type.equals("list") ? fields(f, event) : List.of();
            fields.add(new Field(f.getAttribute("name"), type, f.getAttribute("cxx"), elements));
        }
        return fields;
    }

    private static List<Element> children(Element parent, String tag) {
        List<Element> list = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(tag)) {
                list.add(e);
            }
        }
        return list;
    }

    // ---- Java

    static String java(Definition d) {
        StringBuilder sb = new StringBuilder(JAVA_LICENSE);
        sb.append("""

                // Generated by tools/eventgen/GenerateEvents.java from src/main/events/events.xml: edit that, then
                // run make generate-events. make test checks that this file is what it gives.

                package jdk.lockstat.internal.format;

                import static jdk.lockstat.internal.format.Field.list;
                import static jdk.lockstat.internal.format.Field.of;
                import static jdk.lockstat.internal.format.FieldKind.STRING;
                import static jdk.lockstat.internal.format.FieldKind.SVARINT;
                import static jdk.lockstat.internal.format.FieldKind.TIMESTAMP;
                import static jdk.lockstat.internal.format.FieldKind.U1;
                import static jdk.lockstat.internal.format.FieldKind.VARINT;

                import java.util.List;

                /**
                 * The event types this version of the format defines, with their ids and fields, as events.xml
                 * defines them (the VM's ids and writers, lockStatEventTypes.hpp, come from the same definition).
                 * The writer stores this table as the trace's schema record, and readers decode events with the
                 * schema of the file they read, so a newer trace with more event kinds still reads with an older tool.
                 */
                public enum EventType {
                """);
        for (int i = 0; i < d.events().size(); i++) {
            Event e = d.events().get(i);
            String doc = e.doc();
            if (e.reserved()) {
                doc = (doc.isEmpty() ? "" : doc + " ") + "Reserved: no VM of this version writes it.";
            }
            if (!doc.isEmpty()) {
                sb.append(javadoc(doc, "    "));
            }
            List<String> items = new ArrayList<>(List.of("Id." + e.name()));
            e.fields().forEach(f -> items.add(javaField(f)));
            sb.append(wrap("    " + e.name() + "(", items, i == d.events().size() - 1 ? ");" : "),", "            ")).append('\n');
        }
        sb.append('\n');
        for (Flags fl : d.flags()) {
            sb.append(javadoc(displayName(fl.event()) + "." + fl.field() + ": "
                    + String.join("; ", fl.flags().stream().map(f -> f.value() + " " + f.doc()).toList()) + ".", "    "));
            List<String> items = fl.flags().stream().map(f -> fl.prefix() + "_" + f.name() + " = " + f.value()).toList();
            sb.append(wrap("    public static final int ", items, ";", "            ")).append('\n');
        }
        sb.append("""

                    /** The ids as constants, for switches: {@code case EventType.Id.THREAD_START ->}. */
                    public static final class Id {
                """);
        for (Event e : d.events()) {
            sb.append("        public static final int ").append(e.name()).append(" = ").append(e.id()).append(";\n");
        }
        sb.append("""

                        private Id() {}
                    }

                    private final int id;
                    private final List<Field> fields;

                    EventType(int id, Field... fields) {
                        this.id = id;
                        this.fields = List.of(fields);
                    }

                    public int id() {
                        return id;
                    }

                    public List<Field> fields() {
                        return fields;
                    }

                    /** The name used in schema records, lockstat print and docs: THREAD_START becomes ThreadStart. */
                    public String displayName() {
                        StringBuilder sb = new StringBuilder();
                        for (String part : name().split("_")) {
                            sb.append(part.charAt(0)).append(part.substring(1).toLowerCase(java.util.Locale.ROOT));
                        }
                        return sb.toString();
                    }

                    /** The events' schema as this version writes it. */
                    public static Schema schema() {
                        Schema.Builder b = Schema.builder();
                        for (EventType t : values()) {
                            b.add(new EventDescriptor(t.id, t.displayName(), t.fields));
                        }
                        return b.build();
                    }
                }
                """);
        return sb.toString();
    }

    private static String javaField(Field f) {
        if (f.type().equals("list")) {
            return "list(\"" + f.name() + "\", " + String.join(", ", f.elements().stream().map(GenerateEvents::javaField).toList()) + ")";
        }
        return "of(\"" + f.name() + "\", " + f.type().toUpperCase(Locale.ROOT) + ")";
    }

    /** THREAD_START -> ThreadStart, as schema records and the docs name it. */
    static String displayName(String name) {
        StringBuilder sb = new StringBuilder();
        for (String part : name.split("_")) {
            sb.append(part.charAt(0)).append(part.substring(1).toLowerCase(Locale.ROOT));
        }
        return sb.toString();
    }

    /**
     * Items joined by ", " after a start, broken before an item that would pass column 120 (never inside
     * one), continuation lines indented; then the end.
     */
    static String wrap(String start, List<String> items, String end, String indent) {
        StringBuilder out = new StringBuilder(start);
        int column = start.length();
        for (int i = 0; i < items.size(); i++) {
            String item = items.get(i) + (i == items.size() - 1 ? end : ",");
            if (i > 0 && column + 1 + item.length() > 120) {
                out.append('\n').append(indent).append(item);
                column = indent.length() + item.length();
            } else {
                out.append(i == 0 ? "" : " ").append(item);
                column += (i == 0 ? 0 : 1) + item.length();
            }
        }
        return out.toString();
    }

    private static String javadoc(String text, String indent) {
        List<String> lines = words(text, 120 - indent.length() - 3);
        if (lines.size() == 1 && indent.length() + 8 + lines.get(0).length() <= 120) {
            return indent + "/** " + lines.get(0) + " */\n";
        }
        StringBuilder sb = new StringBuilder(indent + "/**\n");
        lines.forEach(l -> sb.append(indent).append(" * ").append(l).append('\n'));
        return sb.append(indent).append(" */\n").toString();
    }

    private static List<String> words(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String w : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + w.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() == 0 ? "" : " ").append(w);
        }
        lines.add(line.toString());
        return lines;
    }

    // ---- C++

    static String cxx(Definition d) {
        StringBuilder sb = new StringBuilder(CXX_LICENSE);
        sb.append("""

                // Generated by tools/eventgen/GenerateEvents.java from jdk-lockstat-module/src/main/events/events.xml:
                // edit that, then run make generate-events. make test checks that this file is what it gives.
                //
                // The trace format's event ids and flag bits, and one writer per event the VM writes: each writes the
                // event's id and its fields in order, in the encoding the definition gives them. An event with a list
                // field has a head writer (the fields before the list and its element count) and an element writer.
                // The caller checks room first (the _max_size constants, plus strings and list elements) and commits.

                #ifndef SHARE_LOCKSTAT_EVENTS_LOCKSTATEVENTTYPES_HPP
                #define SHARE_LOCKSTAT_EVENTS_LOCKSTATEVENTTYPES_HPP

                #include "lockstat/storage/lockStatEventWriter.hpp"

                enum LockStatEventType : int {
                """);
        int width = d.events().stream().mapToInt(e -> e.name().length()).max().orElse(0);
        for (int i = 0; i < d.events().size(); i++) {
            Event e = d.events().get(i);
            sb.append(String.format("  LOCKSTAT_%-" + width + "s = %d%s%n", e.name(), e.id(), i == d.events().size() - 1 ? "" : ","));
        }
        sb.append("};\n");
        for (Flags fl : d.flags()) {
            String type = "LockStat" + displayName(fl.prefix()) + "Flags";
            sb.append("\n// Bits of ").append(displayName(fl.event())).append('.').append(fl.field()).append(".\n");
            sb.append("enum ").append(type).append(" : u1 {\n");
            int w = fl.flags().stream().mapToInt(f -> f.name().length()).max().orElse(0) + fl.prefix().length() + 1;
            for (int i = 0; i < fl.flags().size(); i++) {
                Flag f = fl.flags().get(i);
                sb.append(String.format("  LOCKSTAT_%-" + w + "s = %s   // %s%n", fl.prefix() + "_" + f.name(),
                        f.value() + (i == fl.flags().size() - 1 ? " " : ","), f.doc()));
            }
            sb.append("};\n");
        }
        for (Event e : d.events()) {
            if (e.reserved()) {
                continue;
            }
            cxxWriters(sb, e);
        }
        sb.append("\n#endif // SHARE_LOCKSTAT_EVENTS_LOCKSTATEVENTTYPES_HPP\n");
        return sb.toString();
    }

    private static void cxxWriters(StringBuilder sb, Event e) {
        List<Field> head = new ArrayList<>(e.fields());
        Field list = !head.isEmpty() && head.get(head.size() - 1).type().equals("list") ? head.remove(head.size() - 1) : null;
        String fn = "lockstat_write_" + e.snake();
        sb.append("\n// ").append(e.displayName()).append(": ").append(String.join(", ", e.fields().stream()
                .map(f -> f.type().equals("list") ? f.name() + "[" + String.join(", ", f.elements().stream().map(Field::name).toList()) + "]"
                        : f.name()).toList())).append('\n');
        boolean strings = head.stream().anyMatch(f -> f.type().equals("string"));
        sb.append("const size_t ").append(fn.replace("lockstat_write_", "lockstat_")).append("_max_size = ")
          .append(maxSize(head)).append(strings ? ";   // plus the strings' bytes\n" : ";\n");
        List<String> params = new ArrayList<>(List.of("LockStatEventWriter& w"));
        head.forEach(f -> params.addAll(params(f)));
        if (list != null) {
            params.add("julong " + cxxName(list.name()) + "_count");
            sb.append("const size_t ").append(fn.replace("lockstat_write_", "lockstat_")).append('_').append(cxxName(list.name()))
              .append("_element_max_size = ").append(maxSize(list.elements())).append(";\n");
        }
        sb.append(wrap("inline void " + fn + "(", params, ") {", " ".repeat(fn.length() + 13))).append('\n');
        if (e.definition()) {
            sb.append("  w.keep_buffer();   // a definition: later events, in any buffer, refer to it\n");
        }
        sb.append("  w.write_varint((julong)LOCKSTAT_").append(e.name()).append(");\n");
        head.forEach(f -> sb.append(write(f)));
        if (list != null) {
            sb.append("  w.write_varint(").append(cxxName(list.name())).append("_count);\n");
        }
        sb.append("}\n");
        if (list != null) {
            List<String> ep = new ArrayList<>(List.of("LockStatEventWriter& w"));
            list.elements().forEach(f -> ep.addAll(params(f)));
            String efn = fn + "_" + cxxName(list.name()) + "_element";
            sb.append(wrap("inline void " + efn + "(", ep, ") {", " ".repeat(efn.length() + 13))).append('\n');
            list.elements().forEach(f -> sb.append(write(f)));
            sb.append("}\n");
        }
    }

    private static int maxSize(List<Field> fields) {
        int size = 1;   // the id, one byte up to 127
        for (Field f : fields) {
            size += switch (f.type()) {
                case "u1" -> 1;
                case "string", "list", "varint", "svarint", "timestamp" -> 10;   // strings and lists: their length
                default -> throw new IllegalArgumentException(f.type());
            };
        }
        return size;
    }

    private static List<String> params(Field f) {
        String n = cxxName(f.name());
        if (!f.cxx().isEmpty()) {
            return List.of(f.cxx() + " " + n);
        }
        return switch (f.type()) {
            case "timestamp", "svarint" -> List.of("jlong " + n);
            case "varint" -> List.of("julong " + n);
            case "u1" -> List.of("u1 " + n);
            case "string" -> List.of("const char* " + n, "size_t " + n + "_length");
            default -> throw new IllegalArgumentException(f.type());
        };
    }

    private static String write(Field f) {
        String n = cxxName(f.name());
        return switch (f.type()) {
            case "timestamp" -> "  w.write_timestamp(" + n + ");\n";
            case "varint" -> "  w.write_varint(" + n + ");\n";
            case "svarint" -> "  w.write_svarint(" + n + ");\n";
            case "u1" -> "  w.write_u1(" + n + ");\n";
            case "string" -> "  w.write_string(" + n + ", " + n + "_length);\n";
            default -> throw new IllegalArgumentException(f.type());
        };
    }

    /** frameType -> frame_type; class -> klass (a C++ keyword). */
    private static String cxxName(String name) {
        if (name.equals("class")) {
            return "klass";
        }
        return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }

    // ---- docs/trace-format.md

    /**
     * Each event is a row of the event table (| id | name | fields | written by |) with its id, its name
     * and its fields' names in order (a list's element names in its list(...)), and the row of a reserved
     * event says so; no row names an event the definition lacks.
     */
    static List<String> checkDocs(Definition d, String docs) {
        List<String> problems = new ArrayList<>();
        Map<Integer, String[]> rows = new LinkedHashMap<>();
        int from = docs.indexOf("| id | name | fields | written by |");
        if (from < 0) {
            return List.of(DOCS + ": no event table (| id | name | fields | written by |)");
        }
        int to = docs.indexOf("\n\n", from);
        Matcher m = Pattern.compile("(?m)^\\| (\\d+) \\| (\\w+) \\| (.*) \\| (.*) \\|$")
                .matcher(docs.substring(from, to < 0 ? docs.length() : to));
        while (m.find()) {
            rows.put(Integer.parseInt(m.group(1)), new String[] {m.group(2), m.group(3), m.group(4)});
        }
        for (Event e : d.events()) {
            String[] row = rows.remove(e.id());
            if (row == null) {
                problems.add(DOCS + ": no row for event " + e.id() + " " + e.displayName());
                continue;
            }
            if (!row[0].equals(e.displayName())) {
                problems.add(DOCS + ": event " + e.id() + " is " + e.displayName() + ", the table says " + row[0]);
            }
            List<String> documented = names(row[1]);
            List<String> defined = new ArrayList<>();
            for (Field f : e.fields()) {
                defined.add(f.name());
                f.elements().forEach(el -> defined.add(f.name() + "." + el.name()));
            }
            if (!documented.equals(defined)) {
                problems.add(DOCS + ": " + e.displayName() + "'s fields are " + defined + ", the table says " + documented);
            }
            if (e.reserved() != row[2].trim().equals("reserved")) {
                problems.add(DOCS + ": " + e.displayName() + (e.reserved() ? " is reserved" : " is written") + ", the table says "
                        + row[2].trim());
            }
        }
        rows.forEach((id, row) -> problems.add(DOCS + ": a row for event " + id + " " + row[0] + ", which is not defined"));
        return problems;
    }

    /**
     * The field names of a fields cell: the leading word of each top-level comma-separated item, up to a
     * " — " that starts the description; a "name: list(a, b)" item gives name, name.a, name.b.
     */
    static List<String> names(String cell) {
        int dash = cell.indexOf(" \u2014 ");
        String s = dash >= 0 ? cell.substring(0, dash) : cell;
        List<String> names = new ArrayList<>();
        for (String item : split(s)) {
            Matcher m = Pattern.compile("^\\s*(\\w+)(: list\\((.*)\\))?").matcher(item);
            if (!m.find()) {
                continue;
            }
            names.add(m.group(1));
            if (m.group(3) != null) {
                for (String el : split(m.group(3))) {
                    Matcher e = Pattern.compile("^\\s*(\\w+)").matcher(el);
                    if (e.find()) {
                        names.add(m.group(1) + "." + e.group(1));
                    }
                }
            }
        }
        return names;
    }

    /** Items separated by commas outside parentheses. */
    private static List<String> split(String s) {
        List<String> items = new ArrayList<>();
        int depth = 0, from = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                items.add(s.substring(from, i));
                from = i + 1;
            }
        }
        items.add(s.substring(from));
        return items;
    }

    static final String JAVA_LICENSE = """
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
            """;

    static final String CXX_LICENSE = """
            /*
             * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
             * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
             *
             * This code is free software; you can redistribute it and/or modify it
             * under the terms of the GNU General Public License version 2 only, as
             * published by the Free Software Foundation.
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
            """;
}
