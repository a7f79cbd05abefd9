package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.AlarmConsumer;
import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;

/** The public methods that {@code TimingWheel} and {@link ReferenceWheel} share, so that one driver runs both. */
interface WheelApi<V> {
    TimingWheelConfig config();

    long alarmPrecision();

    long start();

    long now();

    int size();

    boolean isEmpty();

    long intervalNum(long time);

    long nowIntervalNum();

    long intervalNumStart(long n);

    long intervalStart(long time);

    long maxAllowedAlarmTime();

    long alarmUpperBound();

    long maxAllowedAlarmIntervalNum();

    long add(long at, V value);

    long addFirst(long at, V value);

    long addBefore(long alarm, V value);

    long addAfter(long alarm, V value);

    long addAtIntervalNum(long n, V value);

    boolean contains(long alarm);

    boolean remove(long alarm);

    void reschedule(long alarm, long at);

    void rescheduleAtIntervalNum(long alarm, long n);

    long alarmAt(long alarm);

    long alarmIntervalNum(long alarm);

    V alarmValue(long alarm);

    V setAlarmValue(long alarm, V value);

    void clear();

    void reset(long now);

    void trimToSize();

    void forEach(AlarmConsumer<? super V> action);

    void forEachInOrder(AlarmConsumer<? super V> action);

    void advanceClock(long to, AlarmConsumer<? super V> handler);

    void firePastAlarms(AlarmConsumer<? super V> handler);

    void advanceClockStopAtNextAlarm(long to, AlarmConsumer<? super V> handler);

    boolean fireNextAlarm(AlarmConsumer<? super V> handler);

    long nextAlarmFiresAt();

    long minAlarmIntervalNum();

    long minAlarmTime();

    long maxAlarmTimeInMinInterval();

    void checkInvariants();

    static <V> WheelApi<V> of(TimingWheel<V> w) {
        return new WheelApi<>() {
            @Override public TimingWheelConfig config() { return w.config(); }
            @Override public long alarmPrecision() { return w.alarmPrecision(); }
            @Override public long start() { return w.start(); }
            @Override public long now() { return w.now(); }
            @Override public int size() { return w.size(); }
            @Override public boolean isEmpty() { return w.isEmpty(); }
            @Override public long intervalNum(long time) { return w.intervalNum(time); }
            @Override public long nowIntervalNum() { return w.nowIntervalNum(); }
            @Override public long intervalNumStart(long n) { return w.intervalNumStart(n); }
            @Override public long intervalStart(long time) { return w.intervalStart(time); }
            @Override public long maxAllowedAlarmTime() { return w.maxAllowedAlarmTime(); }
            @Override public long alarmUpperBound() { return w.alarmUpperBound(); }
            @Override public long maxAllowedAlarmIntervalNum() { return w.maxAllowedAlarmIntervalNum(); }
            @Override public long add(long at, V value) { return w.add(at, value); }
            @Override public long addFirst(long at, V value) { return w.addFirst(at, value); }
            @Override public long addBefore(long alarm, V value) { return w.addBefore(alarm, value); }
            @Override public long addAfter(long alarm, V value) { return w.addAfter(alarm, value); }
            @Override public long addAtIntervalNum(long n, V value) { return w.addAtIntervalNum(n, value); }
            @Override public boolean contains(long alarm) { return w.contains(alarm); }
            @Override public boolean remove(long alarm) { return w.remove(alarm); }
            @Override public void reschedule(long alarm, long at) { w.reschedule(alarm, at); }
            @Override public void rescheduleAtIntervalNum(long alarm, long n) { w.rescheduleAtIntervalNum(alarm, n); }
            @Override public long alarmAt(long alarm) { return w.alarmAt(alarm); }
            @Override public long alarmIntervalNum(long alarm) { return w.alarmIntervalNum(alarm); }
            @Override public V alarmValue(long alarm) { return w.alarmValue(alarm); }
            @Override public V setAlarmValue(long alarm, V value) { return w.setAlarmValue(alarm, value); }
            @Override public void clear() { w.clear(); }
            @Override public void reset(long now) { w.reset(now); }
            @Override public void trimToSize() { w.trimToSize(); }
            @Override public void forEach(AlarmConsumer<? super V> action) { w.forEach(action); }
            @Override public void forEachInOrder(AlarmConsumer<? super V> action) { w.forEachInOrder(action); }
            @Override public void advanceClock(long to, AlarmConsumer<? super V> handler) { w.advanceClock(to, handler); }
            @Override public void firePastAlarms(AlarmConsumer<? super V> handler) { w.firePastAlarms(handler); }
            @Override public void advanceClockStopAtNextAlarm(long to, AlarmConsumer<? super V> handler) { w.advanceClockStopAtNextAlarm(to, handler); }
            @Override public boolean fireNextAlarm(AlarmConsumer<? super V> handler) { return w.fireNextAlarm(handler); }
            @Override public long nextAlarmFiresAt() { return w.nextAlarmFiresAt(); }
            @Override public long minAlarmIntervalNum() { return w.minAlarmIntervalNum(); }
            @Override public long minAlarmTime() { return w.minAlarmTime(); }
            @Override public long maxAlarmTimeInMinInterval() { return w.maxAlarmTimeInMinInterval(); }
            @Override public void checkInvariants() { w.checkInvariants(); }
        };
    }

    static <V> WheelApi<V> of(ReferenceWheel<V> w) {
        return new WheelApi<>() {
            @Override public TimingWheelConfig config() { return w.config(); }
            @Override public long alarmPrecision() { return w.alarmPrecision(); }
            @Override public long start() { return w.start(); }
            @Override public long now() { return w.now(); }
            @Override public int size() { return w.size(); }
            @Override public boolean isEmpty() { return w.isEmpty(); }
            @Override public long intervalNum(long time) { return w.intervalNum(time); }
            @Override public long nowIntervalNum() { return w.nowIntervalNum(); }
            @Override public long intervalNumStart(long n) { return w.intervalNumStart(n); }
            @Override public long intervalStart(long time) { return w.intervalStart(time); }
            @Override public long maxAllowedAlarmTime() { return w.maxAllowedAlarmTime(); }
            @Override public long alarmUpperBound() { return w.alarmUpperBound(); }
            @Override public long maxAllowedAlarmIntervalNum() { return w.maxAllowedAlarmIntervalNum(); }
            @Override public long add(long at, V value) { return w.add(at, value); }
            @Override public long addFirst(long at, V value) { return w.addFirst(at, value); }
            @Override public long addBefore(long alarm, V value) { return w.addBefore(alarm, value); }
            @Override public long addAfter(long alarm, V value) { return w.addAfter(alarm, value); }
            @Override public long addAtIntervalNum(long n, V value) { return w.addAtIntervalNum(n, value); }
            @Override public boolean contains(long alarm) { return w.contains(alarm); }
            @Override public boolean remove(long alarm) { return w.remove(alarm); }
            @Override public void reschedule(long alarm, long at) { w.reschedule(alarm, at); }
            @Override public void rescheduleAtIntervalNum(long alarm, long n) { w.rescheduleAtIntervalNum(alarm, n); }
            @Override public long alarmAt(long alarm) { return w.alarmAt(alarm); }
            @Override public long alarmIntervalNum(long alarm) { return w.alarmIntervalNum(alarm); }
            @Override public V alarmValue(long alarm) { return w.alarmValue(alarm); }
            @Override public V setAlarmValue(long alarm, V value) { return w.setAlarmValue(alarm, value); }
            @Override public void clear() { w.clear(); }
            @Override public void reset(long now) { w.reset(now); }
            @Override public void trimToSize() { w.trimToSize(); }
            @Override public void forEach(AlarmConsumer<? super V> action) { w.forEach(action); }
            @Override public void forEachInOrder(AlarmConsumer<? super V> action) { w.forEachInOrder(action); }
            @Override public void advanceClock(long to, AlarmConsumer<? super V> handler) { w.advanceClock(to, handler); }
            @Override public void firePastAlarms(AlarmConsumer<? super V> handler) { w.firePastAlarms(handler); }
            @Override public void advanceClockStopAtNextAlarm(long to, AlarmConsumer<? super V> handler) { w.advanceClockStopAtNextAlarm(to, handler); }
            @Override public boolean fireNextAlarm(AlarmConsumer<? super V> handler) { return w.fireNextAlarm(handler); }
            @Override public long nextAlarmFiresAt() { return w.nextAlarmFiresAt(); }
            @Override public long minAlarmIntervalNum() { return w.minAlarmIntervalNum(); }
            @Override public long minAlarmTime() { return w.minAlarmTime(); }
            @Override public long maxAlarmTimeInMinInterval() { return w.maxAlarmTimeInMinInterval(); }
            @Override public void checkInvariants() { w.checkInvariants(); }
        };
    }
}
