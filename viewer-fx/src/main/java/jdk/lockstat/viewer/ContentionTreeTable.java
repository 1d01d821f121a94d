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
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.control.Tooltip;
import jdk.lockstat.query.CallChain;
import jdk.lockstat.query.ChainLabels;
import jdk.lockstat.query.DrillNode;

/**
 * The aggregation tree (paper Figure 8, centre): key, blocked time (with its share of all contention as
 * an inline bar), count and average. Children are created when a node is expanded, so a tree with a
 * million nodes opens at once; a filter keeps the nodes whose key, or a descendant's, contains the text.
 * Sibling call chains are labelled by where they differ; the tooltip has the whole chain.
 */
final class ContentionTreeTable extends TreeTableView<DrillNode> {
    static final int CHAIN_FRAMES = 3;   // frames of a chain shown in the key column before "[+n]"

    private String filter = "";
    private Map<DrillNode, Boolean> matches = new IdentityHashMap<>();
    private boolean allFrames;
    /** Key column texts, made for all children of a node at once (siblings' chains are labelled together). */
    private final Map<DrillNode, String> labels = new IdentityHashMap<>();

    ContentionTreeTable() {
        setId("tree");
        setShowRoot(true);
        setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TreeTableColumn<DrillNode, String> key = new TreeTableColumn<>("Key");
        key.setId("col-key");
        key.setPrefWidth(620);
        key.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(label(c.getValue().getValue())));
        key.setCellFactory(c -> new KeyCell());
        TreeTableColumn<DrillNode, Number> blocked = number("Blocked (ms)", n -> n.nanos() / 1e6, "%,.3f");
        blocked.setId("col-blocked");
        TreeTableColumn<DrillNode, Number> share = new TreeTableColumn<>("% of all");
        share.setId("col-percent");
        share.setPrefWidth(150);
        share.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().getValue().percent()));
        share.setCellFactory(c -> new PercentBarCell<>("#d9534f"));
        TreeTableColumn<DrillNode, Number> count = number("Count", n -> n.count(), "%,.0f");
        count.setId("col-count");
        TreeTableColumn<DrillNode, Number> avg = number("Average (ms)", n -> n.averageNanos() / 1e6, "%,.3f");
        avg.setId("col-average");
        getColumns().addAll(List.of(key, blocked, share, count, avg));
    }

    private static TreeTableColumn<DrillNode, Number> number(String title, java.util.function.ToDoubleFunction<DrillNode> f,
                                                              String format) {
        TreeTableColumn<DrillNode, Number> col = new TreeTableColumn<>(title);
        col.setPrefWidth(110);
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(f.applyAsDouble(c.getValue().getValue())));
        col.setCellFactory(c -> new TreeTableCell<>() {
            @Override
            protected void updateItem(Number v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : String.format(Locale.ROOT, format, v.doubleValue()));
                setAlignment(Pos.CENTER_RIGHT);
            }
        });
        return col;
    }

    /**
     * The key column's text: a call chain among its siblings is labelled by where it differs from them
     * ({@link ChainLabels#of}); other keys by their text, a long one shortened.
     */
    String label(DrillNode node) {
        String l = labels.get(node);
        if (l == null) {
            List<DrillNode> siblings = node.parent() == null ? List.of(node) : node.parent().children();
            List<CallChain> chains = new ArrayList<>(siblings.size());
            for (DrillNode n : siblings) {
                chains.add(Texts.chain(n));
            }
            List<String> texts = ChainLabels.of(chains, CHAIN_FRAMES, allFrames);
            for (int i = 0; i < siblings.size(); i++) {
                labels.put(siblings.get(i), texts.get(i) != null ? texts.get(i)
                        : Texts.shortKey(siblings.get(i).text(), CHAIN_FRAMES));
            }
            l = labels.get(node);
        }
        return l;
    }

    /** Shows chains with the locking mechanism's frames, or from the first frame outside it. */
    void allFrames(boolean all) {
        if (all != allFrames) {
            allFrames = all;
            labels.clear();
            refresh();
        }
    }

    /** The key, with the node's whole call chain (or its whole key) as a tooltip. */
    private final class KeyCell extends TreeTableCell<DrillNode, String> {
        private final Tooltip tip = new Tooltip();

        KeyCell() {
            tip.setShowDelay(javafx.util.Duration.millis(300));
            tip.setStyle("-fx-font-family: monospace;");
        }

        @Override
        protected void updateItem(String text, boolean empty) {
            super.updateItem(text, empty);
            DrillNode node = empty || getTableRow() == null ? null : getTableRow().getItem();
            setText(empty ? null : text);
            if (node == null || node.parent() == null) {
                setTooltip(null);
                return;
            }
            Object key = node.keys().isEmpty() ? node.text() : node.keys().iterator().next();
            tip.setText(node.aspect().displayName() + ":\n" + Texts.chainLines(key, "  ", allFrames));
            setTooltip(tip);
        }
    }

    /** Shows a new tree, expanded along its largest path to depth levels. */
    void show(DrillNode root, int depth) {
        labels.clear();
        TreeItem<DrillNode> item = new LazyItem(root);
        setRoot(item);
        TreeItem<DrillNode> at = item;
        for (int i = 0; i < depth && at != null; i++) {
            at.setExpanded(true);
            at = at.getChildren().isEmpty() ? null : at.getChildren().get(0);
        }
        if (!getSortOrder().isEmpty()) {
            sort();
        }
    }

    void filter(String text) {
        filter = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        matches = new IdentityHashMap<>();
        if (getRoot() != null) {
            show(getRoot().getValue(), filter.isEmpty() ? 2 : 8);
        }
    }

    /** The node or one of its descendants has the filter text in its key. */
    private boolean visible(DrillNode n) {
        if (filter.isEmpty() || n.parent() == null) {
            return true;
        }
        Boolean m = matches.get(n);
        if (m == null) {
            m = n.text().toLowerCase(Locale.ROOT).contains(filter) || n.children().stream().anyMatch(this::visible)
                    || ancestorMatches(n);
            matches.put(n, m);
        }
        return m;
    }

    private boolean ancestorMatches(DrillNode n) {
        for (DrillNode p = n.parent(); p != null && p.parent() != null; p = p.parent()) {
            if (p.text().toLowerCase(Locale.ROOT).contains(filter)) {
                return true;
            }
        }
        return false;
    }

    /** A tree item whose children are made on first use. */
    private final class LazyItem extends TreeItem<DrillNode> {
        private boolean built;

        LazyItem(DrillNode node) {
            super(node);
        }

        @Override
        public boolean isLeaf() {
            return getValue().children().isEmpty();
        }

        @Override
        public ObservableList<TreeItem<DrillNode>> getChildren() {
            if (!built) {
                built = true;
                for (DrillNode c : getValue().children()) {
                    if (visible(c)) {
                        super.getChildren().add(new LazyItem(c));
                    }
                }
            }
            return super.getChildren();
        }
    }
}
