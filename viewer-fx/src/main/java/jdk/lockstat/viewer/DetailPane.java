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

package jdk.lockstat.viewer;

import java.util.List;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import jdk.lockstat.query.DrillDetail;
import jdk.lockstat.query.DrillNode;
import jdk.lockstat.query.DurationDistribution;
import jdk.lockstat.query.DurationText;

/**
 * The detail view (paper Figure 8, bottom): for the selected node, its path, the distribution of its
 * contention durations, the locks and threads involved, and the full blocked and owner call chains with
 * source file and line; copyable as text.
 */
final class DetailPane extends BorderPane {
    static final int CHAINS_SHOWN = 5;
    final TextArea text = new TextArea();
    final Button copy = new Button("Copy");
    private final Label title = new Label("Select a node to see its call chains");

    DetailPane() {
        text.setId("detail");
        text.setEditable(false);
        text.setStyle("-fx-font-family: monospace; -fx-font-size: 12px;");
        copy.setId("copy-detail");
        copy.setOnAction(e -> {
            ClipboardContent c = new ClipboardContent();
            c.putString(text.getText());
            Clipboard.getSystemClipboard().setContent(c);
        });
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox top = new HBox(8, title, gap, copy);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(4, 6, 4, 6));
        setTop(top);
        setCenter(text);
    }

    void clear() {
        title.setText("Select a node to see its call chains");
        text.clear();
    }

    /** The node's detail; call chains from their first frame outside the locking mechanism unless allFrames. */
    void show(DrillNode node, DrillDetail d, boolean allFrames) {
        title.setText(node.parent() == null ? "All contention" : node.aspect().displayName() + ": "
                + Texts.shortKey(node.text(), 2));
        StringBuilder sb = new StringBuilder();
        StringBuilder path = new StringBuilder();
        for (DrillNode n = node; n != null && n.parent() != null; n = n.parent()) {
            path.insert(0, "  " + n.aspect().displayName() + " = " + n.text() + "\n");
        }
        sb.append("Selected:\n").append(path.isEmpty() ? "  all contention\n" : path);
        sb.append(String.format("Blocked %s in %,d contentions (%s of all), average %s%n", Texts.millis(d.nanos()),
                d.count(), Texts.percent(node.percent()), Texts.millis(d.count() == 0 ? 0 : d.nanos() / (double) d.count())));
        durations(sb, node);
        sb.append('\n');
        section(sb, "Owner call chains (what the owners did meanwhile: the cause)", d.ownerChains(), d.nanos(), true,
                allFrames);
        section(sb, "Blocked call chains (where threads waited)", d.chains(), d.nanos(), true, allFrames);
        section(sb, "Locks", d.locks(), d.nanos(), false, allFrames);
        section(sb, "Blocked threads", d.threads(), d.nanos(), false, allFrames);
        section(sb, "Owner threads (held the lock meanwhile)", d.ownerThreads(), d.nanos(), false, allFrames);
        section(sb, "Owner states (what the owners were doing: running, or held up themselves)", d.ownerStates(),
                d.nanos(), false, allFrames);
        section(sb, "Root owner call chains (where blame ends when blocked owners pass it on)", d.rootOwnerChains(),
                d.nanos(), true, allFrames);
        text.setText(sb.toString());
        text.positionCaret(0);
    }

    /**
     * What each contention gave the node (its whole blocked time, or an owner's share of it under an
     * owner-side aspect), as the report's distribution columns, and a bar per decade.
     */
    private static void durations(StringBuilder sb, DrillNode node) {
        DurationDistribution dist = node.distribution();
        if (dist.count() == 0) {
            return;
        }
        sb.append(String.format("Contention durations: count %,d  p50 %s  p90 %s  p99 %s  max %s%n", dist.count(),
                DurationText.of(dist.p50Nanos()), DurationText.of(dist.p90Nanos()), DurationText.of(dist.p99Nanos()),
                DurationText.of(dist.maxNanos())));
        sb.append(DurationBars.of(node.durations(), "  "));
    }

    private static void section(StringBuilder sb, String title, List<DrillDetail.Entry> entries, long total, boolean chains,
                                boolean allFrames) {
        sb.append(title).append(" (").append(entries.size()).append("):\n");
        int shown = 0;
        for (DrillDetail.Entry e : entries) {
            if (shown++ == (chains ? CHAINS_SHOWN : 20)) {
                sb.append("  ... ").append(entries.size() - shown + 1).append(" more\n");
                break;
            }
            String share = total == 0 ? "" : Texts.percent(100.0 * e.nanos() / total);
            if (chains) {
                sb.append(String.format("  %s  %s  in %,d contentions%n", Texts.millis(e.nanos()), share, e.count()));
                sb.append(Texts.chainLines(e.key(), "      ", allFrames));
            } else {
                sb.append(String.format("  %14s  %7s  %s%n", Texts.millis(e.nanos()), share, e.key()));
            }
        }
        sb.append('\n');
    }
}
