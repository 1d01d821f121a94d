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

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import jdk.lockstat.query.BottleGraph;

/**
 * The bottle graph (seed 001): each thread, or each group of threads with the same name pattern, a
 * box; height = its share of the run time, width = its parallelism. Stacked with the least parallel
 * at the bottom, as in the paper: a tall narrow box is what the other threads wait for.
 */
final class BottleGraphView extends BorderPane {
    final CheckBox grouped = new CheckBox("group by name pattern");
    private final Canvas canvas = new Canvas();
    private final Pane holder = new Pane(canvas);
    private BottleGraph graph = new BottleGraph(java.util.List.of(), 0, 0, 0, false, 0);
    private int cpus;
    private final Label note = new Label();

    BottleGraphView(Runnable onGrouping) {
        setId("bottle");
        grouped.setId("bottle-grouped");
        grouped.setSelected(true);
        grouped.setOnAction(e -> onGrouping.run());
        note.setId("bottle-note");
        grouped.setTooltip(new javafx.scene.control.Tooltip("threads whose names differ only in digits (pool-1-thread-7) form one box"));
        grouped.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        Label legend = new Label("height: share of run time; width: parallelism");
        legend.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        HBox top = new HBox(12, grouped, legend, note);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(4, 6, 4, 6));
        setTop(top);
        setCenter(holder);
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.heightProperty().bind(holder.heightProperty());
        canvas.widthProperty().addListener(o -> draw());
        canvas.heightProperty().addListener(o -> draw());
    }

    void show(BottleGraph g, int availableCpus) {
        graph = g;
        note.setText(noteText(g, availableCpus));
        cpus = availableCpus;
        draw();
    }

    /** What the graph cannot show by itself: threads left out, CPU time missing, threads waiting for CPUs. */
    static String noteText(BottleGraph g, int cpus) {
        java.util.List<String> parts = new java.util.ArrayList<>();
        if (g.oversubscribed()) {
            long running = g.boxes().stream().mapToLong(BottleGraph.Box::runningNanos).sum();
            parts.add(String.format("runnable threads waited for a CPU %s (%.0f%% of their running time): more threads "
                    + "than %s CPUs, not parallelism", Texts.seconds(g.runnableNanos()), 100.0 * g.runnableNanos() / Math.max(1, running),
                    cpus > 0 ? Integer.toString(cpus) : "the"));
        }
        if (!g.cpuRecorded() && !g.boxes().isEmpty()) {
            parts.add("no CPU time in this trace: running is alive and not blocked");
        }
        if (g.untracedThreads() > 0) {
            parts.add(g.untracedThreads() + " threads without a traced block, wait, park or CPU time left out (VM threads)");
        }
        return String.join("; ", parts);
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth(), h = canvas.getHeight();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        if (w <= 0 || h <= 0 || graph.boxes().isEmpty()) {
            return;
        }
        double maxPar = Math.max(1, cpus);
        double totalShare = 0;
        for (BottleGraph.Box b : graph.boxes()) {
            maxPar = Math.max(maxPar, b.parallelism());
            totalShare += b.shareNanos();
        }
        double plotH = h - 50, plotW = Math.min(w * 0.55, w - 340), cx = 70 + plotW / 2;
        double yScale = plotH / Math.max(1, totalShare), xScale = plotW / maxPar;
        g.setFont(Font.font(11));
        g.setStroke(Color.GRAY);
        g.strokeLine(60, h - 30, 70 + plotW, h - 30);
        g.setFill(Color.BLACK);
        for (int p = 0; p <= (int) maxPar; p += Math.max(1, (int) maxPar / 8)) {
            double x = cx + p * xScale / 2;
            g.fillText(String.valueOf(p), x - 3, h - 16);
            g.fillText(String.valueOf(p), cx - p * xScale / 2 - 3, h - 16);
        }
        g.fillText("parallelism", cx - 28, h - 3);

        g.fillText(Texts.seconds(totalShare), 4, 22);
        g.fillText("0 s", 4, h - 30);
        double y = h - 30;
        int i = 0;
        for (BottleGraph.Box b : graph.boxes()) {
            double bh = b.shareNanos() * yScale, bw = b.parallelism() * xScale;
            y -= bh;
            g.setFill(Color.hsb((i++ * 47) % 360, 0.45, 0.95));
            g.fillRect(cx - bw / 2, y, bw, bh);
            g.setStroke(Color.DIMGRAY);
            g.strokeRect(cx - bw / 2, y, bw, bh);
            if (bh >= 10) {
                g.setFill(Color.BLACK);
                g.fillText(String.format("%s%s: %s, parallelism %.2f%s", b.label(),
                        b.threads() > 1 ? " (" + b.threads() + " threads)" : "", Texts.seconds(b.shareNanos()), b.parallelism(),
                        b.runnableNanos() > 0 ? ", runnable " + Texts.seconds(b.runnableNanos()) : ""),
                        Math.max(cx + bw / 2 + 8, 70 + plotW + 10), y + Math.min(bh, 24) / 2 + 4);
            }
        }
    }
}
