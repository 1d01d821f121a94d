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

import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.ScrollPane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import jdk.lockstat.query.ThreadActivity;
import jdk.lockstat.query.ThreadState;

/**
 * One row per thread over the selected time range: in each time bucket, the shares of running (green),
 * blocked (red), waiting (orange) and parked (grey) stacked in the row's height. Busiest threads first.
 */
final class ThreadTimelineView extends ScrollPane {
    static final int MAX_THREADS = 400;
    private static final double ROW = 18, LABEL = 230, HEADER = 26;
    static final Color[] COLORS = {Color.web("#5cb85c"), Color.web("#d9534f"), Color.web("#f0ad4e"), Color.web("#b0b0b0"),
        Color.web("#8e6fc1"), Color.web("#2f7fd0"), Color.web("#e4e4e4")};   // by ThreadState ordinal
    /** Alive, but the trace saw no block, wait or park: it may have been waiting where the trace cannot see. */
    static final Color UNTRACED = Color.web("#d6ead6");
    private final Canvas canvas = new Canvas(1200, 400);
    private List<ThreadActivity.ThreadTimeline> rows = List.of();
    private int from, to = 1, total;

    ThreadTimelineView() {
        setId("timeline");
        setContent(canvas);
        setFitToWidth(true);
        viewportBoundsProperty().addListener(o -> draw());
    }

    void show(List<ThreadActivity.ThreadTimeline> timelines, int fromBucket, int toBucket, int threadsSeen) {
        rows = timelines;
        from = fromBucket;
        to = Math.max(fromBucket + 1, toBucket);
        total = threadsSeen;
        draw();
    }

    private void draw() {
        double w = Math.max(600, getViewportBounds().getWidth());
        canvas.setWidth(w);
        canvas.setHeight(HEADER + ROW * rows.size() + 20);
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
        g.setFont(Font.font(11));
        double x = 6;
        for (ThreadState s : ThreadState.values()) {
            g.setFill(COLORS[s.ordinal()]);
            g.fillRect(x, 6, 12, 12);
            g.setFill(Color.BLACK);
            g.fillText(s.label(), x + 16, 16);
            x += Math.max(90, 30 + 6.5 * s.label().length());   // 11 px font: about 6.5 px a character
        }
        g.setFill(UNTRACED);
        g.fillRect(x, 6, 12, 12);
        g.setFill(Color.BLACK);
        g.fillText("alive, no traced event", x + 16, 16);
        x += 150;
        g.fillText(rows.size() < total ? rows.size() + " of " + total + " threads (busiest first)" : total + " threads",
                x + 20, 16);
        double plotW = w - LABEL - 10, bw = plotW / (to - from);
        for (int r = 0; r < rows.size(); r++) {
            ThreadActivity.ThreadTimeline tl = rows.get(r);
            double y = HEADER + r * ROW;
            g.setFill(Color.BLACK);
            String name = tl.thread();
            g.fillText(name.length() > 36 ? name.substring(0, 35) + "\u2026" : name, 4, y + 13);
            for (int b = from; b < to; b++) {
                long sum = 0;
                for (long[] s : tl.nanos()) {
                    sum += s[b];
                }
                if (sum == 0) {
                    continue;
                }
                double yy = y + 2, h = ROW - 4;
                for (int s = tl.nanos().length - 1; s >= 0; s--) {
                    double part = h * tl.nanos()[s][b] / sum;
                    if (part > 0) {
                        g.setFill(s == 0 && !tl.traced() ? UNTRACED : COLORS[s]);
                        g.fillRect(LABEL + (b - from) * bw, yy, Math.max(1, bw), part);
                        yy += part;
                    }
                }
            }
        }
    }
}
