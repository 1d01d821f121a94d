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
import java.util.function.Function;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Pos;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import jdk.lockstat.query.LockMetrics;
import jdk.lockstat.query.LockStatistics;

/**
 * Per-lock statistics (the J9 thesis's metrics, as `lockstat locks`): how often each lock blocked,
 * how many threads at most, blocked thread time and real time, averages and utilisations.
 */
final class LockTable extends TableView<LockStatistics.Row> {
    private long runNanos = 1;

    LockTable() {
        setId("locks");
        setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableColumn<LockStatistics.Row, String> lock = new TableColumn<>("Lock");
        lock.setPrefWidth(360);
        lock.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(String.valueOf(c.getValue().lock())));
        getColumns().add(lock);
        getColumns().add(number("Blocked", r -> (double) r.timesBlocked(), "%,.0f"));
        getColumns().add(number("Peak", r -> (double) r.peakBlocked(), "%,.0f"));
        getColumns().add(number("Thread ms", r -> r.threadTime() / 1e6, "%,.3f"));
        getColumns().add(number("Real ms", r -> r.realTime() / 1e6, "%,.3f"));
        getColumns().add(number("Avg blk ms", r -> r.averageBlockedTime() / 1e6, "%,.3f"));
        getColumns().add(number("Avg hold ms", r -> r.averageHoldTime() / 1e6, "%,.3f"));
        getColumns().add(number("% real", r -> LockMetrics.utilisationPercent(r.realTime(), runNanos), "%.2f"));
        getColumns().add(number("% thread", r -> LockMetrics.utilisationPercent(r.threadTime(), runNanos), "%.2f"));
        TableColumn<LockStatistics.Row, String> first = new TableColumn<>("First blocked");
        first.setPrefWidth(260);
        first.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().firstThread() + " at "
                + (c.getValue().firstChain() == null ? "<unknown chain>" : c.getValue().firstChain().topFrame(false))));
        getColumns().add(first);
        setTooltip(new javafx.scene.control.Tooltip("Whole trace (the J9 thesis's metrics, as lockstat locks): "
                + "times blocked, peak blocked threads, blocked thread time and real time, averages, utilisation of the run"));
    }

    private TableColumn<LockStatistics.Row, Number> number(String title, Function<LockStatistics.Row, Double> f, String format) {
        TableColumn<LockStatistics.Row, Number> col = new TableColumn<>(title);
        col.setPrefWidth(84);
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(f.apply(c.getValue())));
        col.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(Number v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : String.format(Locale.ROOT, format, v.doubleValue()));
                setAlignment(Pos.CENTER_RIGHT);
            }
        });
        return col;
    }

    void show(List<LockStatistics.Row> rows, long run) {
        runNanos = Math.max(1, run);
        setItems(FXCollections.observableArrayList(rows));
    }
}
