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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import jdk.lockstat.query.CallTree;

/**
 * The flame graph of the selected drill-down node's blocked or owner chains: the {@link CallTree} as
 * nested boxes, the root ("all") on top and each frame below its caller (top-down) or below the frame it
 * called (bottom-up), width proportional to blocked time. Hovering a box shows its frame and times; a click
 * zooms to it (a click on a box above zooms back out, as does Reset zoom); the search box colours the
 * frames that contain its text and says what share of the time they hold.
 */
final class FlameGraphView extends BorderPane {
    static final double ROW = 18;
    /** Boxes narrower than this are not drawn (their time is in their parent's box). */
    static final double MIN_WIDTH = 0.5;
    private static final Font FONT = Font.font("System", 11);
    private static final Color MATCH = Color.rgb(215, 60, 215);

    /** One box as drawn: its node and where it is on the canvas. */
    record Box(CallTree.Node node, double x, double y, double w, double h) {
        boolean contains(double px, double py) {
            return px >= x && px < x + w && py >= y && py < y + h;
        }

        double centreX() {
            return x + w / 2;
        }

        double centreY() {
            return y + h / 2;
        }
    }

    final Canvas canvas = new Canvas();
    final TextField search = new TextField();
    final Label match = new Label();
    final Label hover = new Label(" ");
    final Label scope = new Label();
    final Button reset = new Button("Reset zoom");
    final Tooltip tip = new Tooltip();
    private final ScrollPane scroll;
    private final List<Box> boxes = new ArrayList<>();
    private CallTree tree;
    private CallTree.Node zoom;
    private Box hovered;
    private final double charWidth;

    FlameGraphView(ChainSettings settings) {
        setId("flame-view");
        canvas.setId("flame");
        search.setId("flame-search");
        search.setPromptText("Highlight frames\u2026");
        search.setPrefWidth(220);
        search.textProperty().addListener((o, a, b) -> {
            updateMatch();
            draw();
        });
        match.setId("flame-match");
        match.setMinWidth(Region.USE_PREF_SIZE);
        hover.setId("flame-hover");
        hover.setPadding(new Insets(2, 6, 2, 6));
        hover.setMaxWidth(Double.MAX_VALUE);
        scope.setId("flame-scope");
        scope.setMaxWidth(Double.MAX_VALUE);
        reset.setId("flame-reset");
        reset.setMinWidth(Region.USE_PREF_SIZE);
        reset.setOnAction(e -> zoom(tree == null ? null : tree.root()));
        tip.setId("flame-tooltip");
        HBox.setHgrow(scope, Priority.ALWAYS);
        HBox top = new HBox(10, settings.controls("flame"), search, match, reset, scope);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(4, 6, 4, 6));
        setTop(top);
        Pane holder = new Pane(canvas);
        scroll = new ScrollPane(holder);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.viewportBoundsProperty().addListener((o, a, b) -> layoutBoxes());
        setCenter(scroll);
        setBottom(hover);
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, e -> hoverAt(e.getX(), e.getY(), e.getScreenX(), e.getScreenY()));
        canvas.addEventHandler(MouseEvent.MOUSE_EXITED, e -> hoverAt(-1, -1, 0, 0));
        canvas.addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.PRIMARY) {
                Box b = boxAt(e.getX(), e.getY());
                if (b != null) {
                    zoom(b.node());
                }
            }
        });
        Text probe = new Text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.$().");
        probe.setFont(FONT);
        charWidth = probe.getLayoutBounds().getWidth() / probe.getText().length();
    }

    /** Shows a tree, zoomed out; scope says whose chains they are. */
    void show(CallTree t, String scopeText) {
        tree = t;
        zoom = t.root();
        scope.setText(scopeText);
        updateMatch();
        layoutBoxes();
    }

    void clear(String scopeText) {
        tree = null;
        zoom = null;
        scope.setText(scopeText);
        updateMatch();
        layoutBoxes();
    }

    /** Zooms to a node: it fills the width, its callers above it too. */
    void zoom(CallTree.Node node) {
        if (tree == null || node == null) {
            return;
        }
        zoom = node;
        updateMatch();
        layoutBoxes();
    }

    CallTree tree() {
        return tree;
    }

    CallTree.Node zoomed() {
        return zoom;
    }

    /** The boxes drawn, in drawing order (parents before children). */
    List<Box> boxes() {
        return List.copyOf(boxes);
    }

    /** The first (largest) box drawn for a node with this frame, or null. */
    Box box(String frame) {
        Box best = null;
        for (Box b : boxes) {
            if (b.node().frame().equals(frame) && (best == null || b.w() > best.w())) {
                best = b;
            }
        }
        return best;
    }

    private void updateMatch() {
        String text = search.getText();
        if (tree == null || zoom == null || text == null || text.isBlank()) {
            match.setText("");
            return;
        }
        long matched = CallTree.matchingNanos(zoom, text);
        match.setText(String.format(Locale.ROOT, "matched %s (%s)", Texts.millis(matched),
                Texts.percent(zoom.totalNanos() == 0 ? 0 : 100.0 * matched / zoom.totalNanos())));
    }

    /** Lays the boxes out for the canvas's width (the viewport's) and draws them. */
    private void layoutBoxes() {
        CallTree.Node wasHovered = hovered == null ? null : hovered.node();
        boxes.clear();
        hovered = null;
        double w = Math.max(1, scroll.getViewportBounds().getWidth());
        int levels = tree == null ? 0 : tree.depth() + 1;
        double h = Math.min(16_000, Math.max(scroll.getViewportBounds().getHeight(), levels * ROW + 4));
        canvas.setWidth(w);
        canvas.setHeight(h);
        if (tree != null && zoom != null && zoom.totalNanos() > 0) {
            // The zoomed node's callers, full width, above it.
            List<CallTree.Node> above = new ArrayList<>();
            for (CallTree.Node n = zoom.parent(); n != null; n = n.parent()) {
                above.add(0, n);
            }
            for (CallTree.Node n : above) {
                boxes.add(new Box(n, 0, n.depth() * ROW, w, ROW));
            }
            place(zoom, 0, w / zoom.totalNanos());
        }
        for (Box b : boxes) {
            if (b.node() == wasHovered) {
                hovered = b;   // the same node, laid out anew (resized, zoomed)
            }
        }
        if (hovered == null) {
            hover.setText(" ");
        }
        draw();
    }

    private void place(CallTree.Node n, double x, double scale) {
        double width = n.totalNanos() * scale;
        if (width < MIN_WIDTH || n.depth() * ROW > canvas.getHeight() - ROW) {
            return;
        }
        boxes.add(new Box(n, x, n.depth() * ROW, width, ROW));
        double at = x;
        for (CallTree.Node c : n.children()) {
            place(c, at, scale);
            at += c.totalNanos() * scale;
        }
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
        g.setFont(FONT);
        String needle = search.getText() == null ? "" : search.getText().trim().toLowerCase(Locale.ROOT);
        if (boxes.isEmpty()) {
            g.setFill(Color.GRAY);
            g.fillText(tree == null ? "Open a trace to see its call chains" : "No call chains with blocked time here", 10, 20);
            return;
        }
        for (Box b : boxes) {
            CallTree.Node n = b.node();
            boolean above = n.depth() < zoom.depth();
            boolean matches = !needle.isEmpty() && n.parent() != null && n.frame().toLowerCase(Locale.ROOT).contains(needle);
            Color fill = matches ? MATCH : colour(n);
            if (above) {
                fill = fill.interpolate(Color.WHITE, 0.55);
            }
            g.setFill(fill);
            g.fillRect(b.x(), b.y(), Math.max(b.w() - 0.5, 0.5), b.h() - 1);
            if (b == hovered) {
                g.setStroke(Color.BLACK);
                g.setLineWidth(1.5);
                g.strokeRect(b.x() + 0.75, b.y() + 0.75, Math.max(b.w() - 2, 0.5), b.h() - 2.5);
            }
            if (b.w() > 3 * charWidth + 6) {
                String label = fit(n.parent() == null ? "all: " + Texts.millis(n.totalNanos()) : n.frame(), b.w() - 6);
                g.setFill(above ? Color.rgb(90, 90, 90) : Color.BLACK);
                g.fillText(label, b.x() + 3, b.y() + ROW - 5);
            }
        }
    }

    private String fit(String text, double width) {
        int chars = (int) (width / charWidth);
        if (text.length() <= chars) {
            return text;
        }
        return chars <= 2 ? "" : text.substring(0, chars - 1) + "\u2026";
    }

    /**
     * Flame graph colours: application frames warm red to orange, JDK frames yellow, the locking
     * mechanism's frames (all frames) grey, unknown owners and chains blue-grey, the root light grey.
     */
    static Color colour(CallTree.Node n) {
        if (n.parent() == null) {
            return Color.rgb(220, 220, 220);
        }
        String f = n.frame();
        int h = Math.abs(f.hashCode() % 1000);
        if (f.startsWith("<")) {
            return Color.rgb(176, 190, 205);
        }
        if (n.mechanism()) {
            return Color.hsb(0, 0, 0.72 + h % 10 / 100.0);
        }
        if (f.startsWith("java.") || f.startsWith("jdk.") || f.startsWith("sun.") || f.startsWith("javax.")) {
            return Color.hsb(40 + h % 15, 0.55 + h % 7 / 40.0, 0.95);
        }
        return Color.hsb(h % 32, 0.55 + h % 7 / 30.0, 0.96);
    }

    private Box boxAt(double x, double y) {
        for (Box b : boxes) {
            if (b.contains(x, y)) {
                return b;
            }
        }
        return null;
    }

    private void hoverAt(double x, double y, double screenX, double screenY) {
        Box b = x < 0 ? null : boxAt(x, y);
        highlight(b);
        if (b == null) {
            tip.hide();
            return;
        }
        tip.setText(describe(b.node()));
        if (!tip.isShowing()) {
            tip.show(canvas, screenX + 14, screenY + 14);
        } else {
            tip.setAnchorX(screenX + 14);
            tip.setAnchorY(screenY + 14);
        }
    }

    /** Outlines a box (or none) and describes it below the graph, as hovering does (also for screenshots). */
    void highlight(Box b) {
        if (b != hovered) {
            hovered = b;
            draw();
        }
        hover.setText(b == null ? " " : describe(b.node()).replace("\n", "  \u2014  "));
    }

    /** A node's frame and times, for the tooltip and the line below the graph. */
    static String describe(CallTree.Node n) {
        return String.format(Locale.ROOT, "%s\n%s (%s), self %s", n.parent() == null ? "all" : n.frame(),
                Texts.millis(n.totalNanos()), Texts.percent(n.percent()), Texts.millis(n.selfNanos()));
    }
}
