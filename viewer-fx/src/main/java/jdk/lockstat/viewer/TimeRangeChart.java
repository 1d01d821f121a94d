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

import java.util.function.BiConsumer;

import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import jdk.lockstat.query.ThreadState;
import jdk.lockstat.query.TimeAxis;

/**
 * Contention over time: the average number of threads blocked (red) and waiting (orange) per time
 * bucket. Dragging selects a time range that every view then shows; a double click selects all.
 */
final class TimeRangeChart extends Pane {
    private static final double LEFT = 60, BOTTOM = 18, TOP = 16;
    private final Canvas canvas = new Canvas();
    private double[][] series = new double[ThreadState.values().length][0];
    private int buckets = 1;   // buckets in use (the trace's length)
    private long bucketNanos = 1;
    private int from = 0, to = Integer.MAX_VALUE;
    private double dragStart = -1;
    private final BiConsumer<Integer, Integer> onRange;

    TimeRangeChart(BiConsumer<Integer, Integer> onRange) {
        this.onRange = onRange;
        setId("time-chart");
        setPrefHeight(120);
        setMinHeight(90);
        getChildren().add(canvas);
        canvas.widthProperty().bind(widthProperty());
        canvas.heightProperty().bind(heightProperty());
        canvas.widthProperty().addListener(o -> draw());
        canvas.heightProperty().addListener(o -> draw());
        canvas.setOnMousePressed(e -> dragStart = e.getX());
        canvas.setOnMouseDragged(e -> {
            select(bucketAt(Math.min(dragStart, e.getX())), bucketAt(Math.max(dragStart, e.getX())) + 1, false);
        });
        canvas.setOnMouseReleased(e -> {
            if (e.getClickCount() == 2) {
                select(0, Integer.MAX_VALUE, true);
            } else if (Math.abs(e.getX() - dragStart) > 3) {
                select(bucketAt(Math.min(dragStart, e.getX())), bucketAt(Math.max(dragStart, e.getX())) + 1, true);
            }
            dragStart = -1;
        });
    }

    void setData(double[][] averageThreads, int usedBuckets, long widthNanos) {
        series = averageThreads;
        buckets = Math.max(1, usedBuckets);
        bucketNanos = widthNanos;
        draw();
    }

    /** Selects buckets [a, b) (MAX_VALUE: to the end); notify: tell the views. */
    void select(int a, int b, boolean notify) {
        from = Math.max(0, a);
        to = b;
        draw();
        if (notify) {
            onRange.accept(from, to);
        }
    }

    int from() {
        return from;
    }

    int to() {
        return Math.min(to, TimeAxis.BUCKETS);
    }

    private int bucketAt(double x) {
        double w = canvas.getWidth() - LEFT - 8;
        return (int) Math.max(0, Math.min(buckets - 1, (x - LEFT) / w * buckets));
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth(), h = canvas.getHeight();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        double plotW = w - LEFT - 8, plotH = h - BOTTOM - TOP;
        if (plotW <= 0 || plotH <= 0) {
            return;
        }
        double max = 0.5;
        int blocked = ThreadState.BLOCKED.ordinal(), waiting = ThreadState.WAITING.ordinal();
        for (int b = 0; b < buckets && series[0].length > b; b++) {
            max = Math.max(max, series[blocked][b] + series[waiting][b]);
        }
        double bw = plotW / buckets;
        for (int b = 0; b < buckets && series[0].length > b; b++) {
            double hb = series[blocked][b] / max * plotH, hw = series[waiting][b] / max * plotH;
            g.setFill(Color.web("#d9534f"));
            g.fillRect(LEFT + b * bw, TOP + plotH - hb, Math.max(1, bw), hb);
            g.setFill(Color.web("#f0ad4e"));
            g.fillRect(LEFT + b * bw, TOP + plotH - hb - hw, Math.max(1, bw), hw);
        }
        if (from > 0 || to < buckets) {
            g.setFill(Color.color(0.2, 0.4, 0.9, 0.18));
            double x0 = LEFT + from * bw, x1 = LEFT + Math.min(to, buckets) * bw;
            g.fillRect(x0, TOP, x1 - x0, plotH);
        }
        g.setStroke(Color.GRAY);
        g.strokeLine(LEFT, TOP + plotH, LEFT + plotW, TOP + plotH);
        g.strokeLine(LEFT, TOP, LEFT, TOP + plotH);
        g.setFill(Color.BLACK);
        g.setFont(Font.font(11));
        g.fillText(String.format("%.1f", max), 4, TOP + 10);
        g.fillText("0", 4, TOP + plotH);
        g.fillText("threads blocked (red) and waiting (orange) over time; drag to select a range, double-click for all",
                LEFT + 4, 12);
        double total = buckets * (double) bucketNanos;
        for (int i = 0; i <= 4; i++) {
            double x = LEFT + plotW * i / 4;
            g.fillText(Texts.seconds(total * i / 4), Math.min(x, w - 60), h - 4);
        }
    }
}
