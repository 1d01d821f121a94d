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
import java.util.Locale;
import java.util.function.ToDoubleFunction;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import jdk.lockstat.query.CallTree;

/**
 * The call tree of the selected drill-down node's blocked or owner chains ({@link CallTree}), top-down
 * (from Thread.run to where the thread blocked or released the lock) or bottom-up (from there to the
 * callers): per frame its total time, its share of the node's time and its self time. Opens expanded
 * along the heaviest path.
 */
final class CallTreeView extends BorderPane {
    /** How deep the heaviest path is opened. */
    static final int EXPAND = 40;
    final TreeTableView<CallTree.Node> table = new TreeTableView<>();
    final Label scope = new Label();
    private CallTree tree;

    CallTreeView(ChainSettings settings) {
        setId("calltree-view");
        table.setId("calltree");
        table.setShowRoot(true);
        table.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TreeTableColumn<CallTree.Node, String> frame = new TreeTableColumn<>("Frame");
        frame.setId("calltree-frame");
        frame.setPrefWidth(640);
        frame.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().getValue().frame()));
        frame.setCellFactory(c -> new TreeTableCell<>() {
            @Override
            protected void updateItem(String text, boolean empty) {
                super.updateItem(text, empty);
                CallTree.Node n = empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(empty ? null : text);
                setStyle(n != null && n.mechanism() ? "-fx-text-fill: #777777; -fx-font-style: italic;" : "");
            }
        });
        TreeTableColumn<CallTree.Node, Number> total = number("Total (ms)", n -> n.totalNanos() / 1e6, "calltree-total");
        TreeTableColumn<CallTree.Node, Number> share = new TreeTableColumn<>("% of selection");
        share.setId("calltree-percent");
        share.setPrefWidth(150);
        share.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().getValue().percent()));
        share.setCellFactory(c -> new PercentBarCell<>("#e8743b"));
        TreeTableColumn<CallTree.Node, Number> self = number("Self (ms)", n -> n.selfNanos() / 1e6, "calltree-self");
        table.getColumns().addAll(List.of(frame, total, share, self));
        scope.setId("calltree-scope");
        scope.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(scope, Priority.ALWAYS);
        HBox top = new HBox(12, settings.controls("calltree"), scope);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(4, 6, 4, 6));
        setTop(top);
        setCenter(table);
    }

    private static TreeTableColumn<CallTree.Node, Number> number(String title, ToDoubleFunction<CallTree.Node> f, String id) {
        TreeTableColumn<CallTree.Node, Number> col = new TreeTableColumn<>(title);
        col.setId(id);
        col.setPrefWidth(110);
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(f.applyAsDouble(c.getValue().getValue())));
        col.setCellFactory(c -> new TreeTableCell<>() {
            @Override
            protected void updateItem(Number v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : String.format(Locale.ROOT, "%,.3f", v.doubleValue()));
                setAlignment(Pos.CENTER_RIGHT);
            }
        });
        return col;
    }

    /** Shows a tree, opened along its heaviest path; scope says whose chains they are. */
    void show(CallTree t, String scopeText) {
        tree = t;
        scope.setText(scopeText);
        TreeItem<CallTree.Node> root = new LazyItem(t.root());
        table.setRoot(root);
        TreeItem<CallTree.Node> at = root;
        for (int i = 0; i <= EXPAND && at != null; i++) {
            at.setExpanded(true);
            at = at.getChildren().isEmpty() ? null : at.getChildren().get(0);
        }
    }

    void clear(String scopeText) {
        tree = null;
        scope.setText(scopeText);
        table.setRoot(null);
    }

    /** The tree on show, or null. */
    CallTree tree() {
        return tree;
    }

    /** A tree item whose children are made on first use. */
    private static final class LazyItem extends TreeItem<CallTree.Node> {
        private boolean built;

        LazyItem(CallTree.Node node) {
            super(node);
        }

        @Override
        public boolean isLeaf() {
            return getValue().children().isEmpty();
        }

        @Override
        public ObservableList<TreeItem<CallTree.Node>> getChildren() {
            if (!built) {
                built = true;
                for (CallTree.Node c : getValue().children()) {
                    super.getChildren().add(new LazyItem(c));
                }
            }
            return super.getChildren();
        }
    }
}
