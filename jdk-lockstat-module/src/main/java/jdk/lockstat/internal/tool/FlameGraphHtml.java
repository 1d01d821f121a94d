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

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * lockstat flame --format html: one self-contained HTML file (inline CSS and script, no network, no
 * fonts) with an interactive flame graph of both views of the same collapsed stacks that
 * {@code --format collapsed} prints: where threads were blocked, and where owners held the lock while
 * others waited. A toggle switches the views; search highlights matching frames and shows their share
 * of the view's blocked time; a click zooms into a frame (a click on the root, or Reset, zooms out);
 * hovering shows a frame's full name, blocked time and percent. The page's address can name the view
 * and a search: {@code file.html#view=blocked&search=Worker}.
 *
 * <p>The stacks go in as JSON inside a {@code <script type="application/json">} element, with '<', '>'
 * and '&' as JSON unicode escapes, so that no frame name can end it; the script writes names with
 * textContent only.
 */
final class FlameGraphHtml {
    private FlameGraphHtml() {}

    /**
     * The page. Stacks are frame names root first, with their blocked nanoseconds (CollapsedStacks.stacks);
     * ownerFirst: the owner view is shown when the page opens.
     */
    static String render(String title, Map<List<String>, Long> blocked, Map<List<String>, Long> owners,
                         boolean ownerFirst) {
        return render(title, blocked, owners, null, null, ownerFirst);
    }

    /**
     * A differential page (lockstat diff --format html): frames as wide as their time in the new trace
     * (a button switches to the base's), red where the time grew, blue where it shrank, by how much in
     * proportion; weights are nanoseconds per second of each run.
     */
    static String renderDiff(String title, Map<List<String>, Long> baseBlocked, Map<List<String>, Long> baseOwners,
                             Map<List<String>, Long> blocked, Map<List<String>, Long> owners) {
        return render(title, blocked, owners, baseBlocked, baseOwners, true);
    }

    private static String render(String title, Map<List<String>, Long> blocked, Map<List<String>, Long> owners,
                                 Map<List<String>, Long> baseBlocked, Map<List<String>, Long> baseOwners, boolean ownerFirst) {
        Map<String, Integer> names = new LinkedHashMap<>();
        String blockedJson = stacks(blocked, names), ownersJson = stacks(owners, names);
        String baseJson = baseBlocked == null ? "null"
                : "{\"blocked\": " + stacks(baseBlocked, names) + ",\n\"owner\": " + stacks(baseOwners, names) + "}";
        StringBuilder data = new StringBuilder("{\"title\": ").append(jsString(title))
                .append(", \"initial\": ").append(jsString(ownerFirst ? "owner" : "blocked"))
                .append(", \"names\": [");
        String sep = "";
        for (String n : names.keySet()) {
            data.append(sep).append(jsString(n));
            sep = ", ";
        }
        data.append("],\n\"views\": {\"blocked\": ").append(blockedJson).append(",\n\"owner\": ").append(ownersJson)
            .append("},\n\"base\": ").append(baseJson).append("}");
        return TEMPLATE.replace("/*DATA*/", data);
    }

    /** [[nanos, name index, ...], ...]: each stack's weight, then its frames root first. */
    private static String stacks(Map<List<String>, Long> stacks, Map<String, Integer> names) {
        StringBuilder sb = new StringBuilder("[");
        String sep = "";
        for (Map.Entry<List<String>, Long> e : stacks.entrySet()) {
            sb.append(sep).append('[').append(e.getValue());
            for (String frame : e.getKey()) {
                sb.append(',').append(names.computeIfAbsent(frame, k -> names.size()));
            }
            sb.append(']');
            sep = ",\n";
        }
        return sb.append(']').toString();
    }

    /** A JSON string that is also safe inside a script element: no '<', '>', '&' or line separators. */
    static String jsString(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029'
                            || Character.isSurrogate(c) && !validSurrogate(s, i)) {
                        sb.append(String.format("\\u%04x", Character.isSurrogate(c) && !validSurrogate(s, i) ? 0xfffd : (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    private static boolean validSurrogate(String s, int i) {
        char c = s.charAt(i);
        return Character.isHighSurrogate(c) ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
                : i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }

    private static final String TEMPLATE = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>lockstat flame graph</title>
            <style>
            body { font: 13px sans-serif; margin: 0; padding: 10px 14px; color: #222; background: #fff; }
            header { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
            h1 { font-size: 15px; margin: 0 12px 0 0; }
            button { font: inherit; padding: 3px 9px; border: 1px solid #889; background: #f4f4f8; border-radius: 3px; cursor: pointer; }
            button.on { background: #345; color: #fff; border-color: #345; }
            input { font: inherit; padding: 3px 6px; }
            #about { color: #555; margin: 6px 0 2px; }
            #details { font: 12px monospace; min-height: 1.5em; margin: 4px 0; white-space: pre; overflow: hidden; text-overflow: ellipsis; }
            #matched { font-weight: bold; color: #a0209a; }
            #chart { position: relative; width: 100%; overflow: hidden; }
            .f { position: absolute; height: 17px; line-height: 17px; box-sizing: border-box; border: 1px solid #fff;
                 padding-left: 3px; font: 11px monospace; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; cursor: pointer; }
            .f:hover { border-color: #222; }
            .f.match { background: #e04fd6 !important; }
            .f.above { opacity: 0.55; }
            #empty { color: #777; margin: 20px 0; }
            </style>
            </head>
            <body>
            <header>
              <h1 id="title"></h1>
              <button id="view-blocked" type="button">Blocked threads</button>
              <button id="view-owner" type="button">Lock owners</button>
              <input id="search" type="search" placeholder="Search frames (regex)" size="30">
              <button id="reset" type="button">Reset zoom</button>
              <button id="widths" type="button" hidden>Widths from base</button>
              <span id="matched"></span>
            </header>
            <div id="about"></div>
            <div id="details"></div>
            <div id="chart"></div>
            <script id="data" type="application/json">/*DATA*/</script>
            <script>
            "use strict";
            const data = JSON.parse(document.getElementById("data").textContent);
            const ROW = 18;
            const ABOUT = {
              blocked: "Where threads were blocked: the blocked threads' call chains, weighted by blocked time.",
              owner: "Where the lock was held while others waited: the owners' call chains at the release, weighted by the blocked time they caused."
            };
            const chart = document.getElementById("chart"), details = document.getElementById("details");
            const search = document.getElementById("search"), matched = document.getElementById("matched");
            let view, root, zoom, fromBase = false;
            const diff = data.base !== null;

            // The views' trees: a node per frame of a path, with the nanoseconds of the stacks through it
            // (value), and in a differential page those of the base trace (base).
            function build(stacks, baseStacks) {
              const top = { name: "all", value: 0, base: 0, depth: 0, parent: null, kids: new Map() };
              for (const [list, key] of [[stacks, "value"], [baseStacks || [], "base"]]) {
                for (const s of list) {
                  top[key] += s[0];
                  let n = top;
                  for (let i = 1; i < s.length; i++) {
                    const name = data.names[s[i]];
                    let c = n.kids.get(name);
                    if (!c) {
                      c = { name: name, value: 0, base: 0, depth: n.depth + 1, parent: n, kids: new Map() };
                      n.kids.set(name, c);
                    }
                    c[key] += s[0];
                    n = c;
                  }
                }
              }
              return top;
            }

            // A frame's width: its time in the new trace, or in the base's.
            function size(n) {
              return fromBase ? n.base : n.value;
            }

            function time(ns) {
              const units = [[3.6e12, "h"], [6e10, "min"], [1e9, "s"], [1e6, "ms"], [1e3, "us"]];
              for (const [size, unit] of units) {
                if (ns >= size) return (ns / size).toPrecision(3) + " " + unit;
              }
              return ns + " ns";
            }

            function percent(part, whole) {
              return whole > 0 ? (100 * part / whole).toFixed(2) + "%" : "0%";
            }

            // Differential: red where the time grew, blue where it shrank, the deeper the larger the change
            // in proportion to the frame's larger time.
            function change(n) {
              const d = n.value - n.base, rel = Math.abs(d) / Math.max(n.value, n.base, 1);
              if (d === 0) return "hsl(0, 0%, 92%)";
              return "hsl(" + (d > 0 ? 0 : 220) + ", 80%, " + Math.round(92 - 40 * rel) + "%)";
            }

            function versus(n) {
              const d = n.value - n.base;
              return "base " + time(n.base) + "/s \\u2192 new " + time(n.value) + "/s (" + (d >= 0 ? "+" : "\\u2212") + time(Math.abs(d)) + "/s)";
            }

            function colour(name) {
              if (name === "all" || name.startsWith("<")) return "#c8c8c8";
              let h = 0;
              for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
              return "hsl(" + (8 + h % 42) + ", " + (70 + h % 25) + "%, " + (55 + (h >> 8) % 12) + "%)";
            }

            function depthOf(n) {
              let d = n.depth;
              for (const c of n.kids.values()) d = Math.max(d, depthOf(c));
              return d;
            }

            function show(n) {
              if (diff) {
                details.textContent = n.name + "  \\u2014  " + versus(n);
                return;
              }
              details.textContent = n.name + "  \\u2014  " + time(n.value) + " blocked, " + percent(n.value, root.value)
                + " of all" + (zoom !== root ? ", " + percent(n.value, zoom.value) + " of the zoomed frame" : "");
            }

            function frame(n, x, width, maxDepth, regex) {
              const div = document.createElement("div");
              div.className = "f" + (n.depth < zoom.depth ? " above" : "") + (regex && regex.test(n.name) ? " match" : "");
              div.style.left = x + "px";
              div.style.width = width + "px";
              div.style.top = (maxDepth - n.depth) * ROW + "px";
              div.style.background = diff ? change(n) : colour(n.name);
              div.textContent = n.name;
              div.title = n.name + "\\n" + (diff ? versus(n) : time(n.value) + " blocked (" + percent(n.value, root.value) + ")");
              div.addEventListener("mouseenter", () => show(n));
              div.addEventListener("click", () => { zoom = n.parent === null ? root : n; render(); });
              chart.appendChild(div);
            }

            function render() {
              chart.textContent = "";
              if (size(root) === 0) {
                chart.style.height = "auto";
                const p = document.createElement("p");
                p.id = "empty";
                p.textContent = "No contention in this view.";
                chart.appendChild(p);
                return;
              }
              const regex = pattern();
              const width = chart.clientWidth || 1000, maxDepth = depthOf(root);
              chart.style.height = (maxDepth + 1) * ROW + "px";
              for (let a = zoom; a !== null; a = a.parent) frame(a, 0, width, maxDepth, regex);
              (function below(n, x) {
                const kids = [...n.kids.values()].sort((p, q) => size(q) - size(p) || (p.name < q.name ? -1 : 1));
                for (const c of kids) {
                  const w = width * size(c) / size(zoom);
                  if (w >= 1) {
                    frame(c, x, w, maxDepth, regex);
                    below(c, x);
                  }
                  x += w;
                }
              })(zoom, 0);
              showMatched(regex);
            }

            function pattern() {
              const text = search.value.trim();
              if (text === "") return null;
              try {
                return new RegExp(text, "i");
              } catch (e) {
                return new RegExp(text.replace(/[.*+?^${}()|[\\]\\\\]/g, "\\\\$&"), "i");
              }
            }

            // The share of the view's time in matching frames, each stack counted once (outermost match).
            function showMatched(regex) {
              if (!regex) { matched.textContent = ""; return; }
              let sum = 0;
              (function walk(n) {
                if (n.parent !== null && regex.test(n.name)) { sum += n.value; return; }
                for (const c of n.kids.values()) walk(c);
              })(root);
              matched.textContent = "Matched: " + percent(sum, root.value) + " (" + time(sum) + ")";
            }

            function select(name) {
              view = name;
              root = build(data.views[name], diff ? data.base[name] : null);
              zoom = root;
              document.getElementById("view-blocked").classList.toggle("on", name === "blocked");
              document.getElementById("view-owner").classList.toggle("on", name === "owner");
              document.getElementById("about").textContent = diff
                ? ABOUT[name] + " Per second of each run: " + versus(root) + ". Red: more than in the base trace, blue: less; "
                  + "widths from the " + (fromBase ? "base" : "new") + " trace."
                : ABOUT[name] + " Total " + time(root.value) + ".";
              details.textContent = "";
              render();
            }

            document.getElementById("title").textContent = data.title;
            document.title = data.title + " \\u2014 lockstat flame graph";
            document.getElementById("view-blocked").addEventListener("click", () => select("blocked"));
            document.getElementById("view-owner").addEventListener("click", () => select("owner"));
            document.getElementById("reset").addEventListener("click", () => { zoom = root; render(); });
            const widths = document.getElementById("widths");
            widths.hidden = !diff;
            widths.addEventListener("click", () => {
              fromBase = !fromBase;
              widths.textContent = fromBase ? "Widths from new" : "Widths from base";
              select(view);
            });
            search.addEventListener("input", render);
            window.addEventListener("resize", render);
            const hash = new URLSearchParams(location.hash.slice(1));
            search.value = hash.get("search") || "";
            fromBase = diff && hash.get("widths") === "base";
            select(hash.get("view") === "blocked" || hash.get("view") === "owner" ? hash.get("view") : data.initial);
            </script>
            </body>
            </html>
            """;
}
