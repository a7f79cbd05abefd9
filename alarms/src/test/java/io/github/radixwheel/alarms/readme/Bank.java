package io.github.radixwheel.alarms.readme;

// README begin
import io.github.radixwheel.alarms.EventConsumer;
import io.github.radixwheel.alarms.FutureEventList;
import java.util.ArrayDeque;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;

/** A bank: tellers serve customers in arrival order; a customer who waits too long gives up and leaves. */
public final class Bank implements EventConsumer<Bank.Customer> {
    // The kinds of event are their priorities: at equal times, a teller who finishes takes the next
    // customer before anyone in line gives up, and both happen before a new customer arrives.
    static final int DEPARTURE = 0;
    static final int GIVE_UP = 1;
    static final int ARRIVAL = 2;

    /** A customer, the object of each of its events. */
    static final class Customer {
        double arrived;
        long givesUp;                                     // the handle of its pending GIVE_UP event
    }

    final FutureEventList<Customer> events = new FutureEventList<>();
    private final ArrayDeque<Customer> line = new ArrayDeque<>();
    private final int tellers;
    private final DoubleSupplier interarrival;
    private final DoubleSupplier service;
    private final DoubleSupplier patience;
    private int freeTellers;
    private int arrivalsLeft;
    int served;
    int gaveUp;
    double totalWait;

    public Bank(int tellers, DoubleSupplier interarrival, DoubleSupplier service, DoubleSupplier patience) {
        this.tellers = tellers;
        this.interarrival = interarrival;
        this.service = service;
        this.patience = patience;
    }

    /** Lets {@code customers} arrive from time 0 on, and runs until the last one has left. */
    public void run(int customers) {
        events.reset(0);                                  // one event list for every replication
        line.clear();
        freeTellers = tellers;
        arrivalsLeft = customers;
        served = 0;
        gaveUp = 0;
        totalWait = 0;
        events.add(interarrival.getAsDouble(), ARRIVAL, new Customer());
        while (events.pollFirst(this)) {                  // one event at a time, now() at its time
        }
    }

    @Override
    public void accept(long handle, double now, int kind, Customer c) {
        switch (kind) {
            case ARRIVAL -> {
                c.arrived = now;
                if (--arrivalsLeft > 0) {
                    events.add(now + interarrival.getAsDouble(), ARRIVAL, new Customer());
                }
                if (freeTellers > 0) {
                    freeTellers--;
                    serve(c, now);
                } else {
                    line.add(c);
                    c.givesUp = events.add(now + patience.getAsDouble(), GIVE_UP, c);
                }
            }
            case GIVE_UP -> {
                line.remove(c);
                gaveUp++;
            }
            case DEPARTURE -> {
                Customer next = line.poll();
                if (next == null) {
                    freeTellers++;
                } else {
                    events.remove(next.givesUp);          // served in time: it will not give up
                    serve(next, now);
                }
            }
            default -> throw new IllegalStateException("event kind " + kind);
        }
    }

    private void serve(Customer c, double now) {
        served++;
        totalWait += now - c.arrived;
        events.add(now + service.getAsDouble(), DEPARTURE, c);
    }

    static DoubleSupplier exponential(SplittableRandom random, double mean) {
        return () -> -mean * Math.log(1 - random.nextDouble());
    }

    public static void main(String[] args) {
        SplittableRandom random = new SplittableRandom(2026);
        Bank bank = new Bank(3, exponential(random.split(), 1.0), exponential(random.split(), 2.5),
                exponential(random.split(), 4.0));
        bank.run(1_000_000);
        System.out.printf("served %d, gave up %d, mean wait of the served %.2f min%n",
                bank.served, bank.gaveUp, bank.totalWait / bank.served);
    }
}
// README end
