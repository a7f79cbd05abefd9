// The README's module declaration; ReadmeModuleIT compiles the README's samples with it.
// README begin
module com.example.app {
    requires io.github.radixwheel.alarms;  // TimingWheel, KeyedTimer, and (transitively) the core module
    requires it.unimi.dsi.fastutil.core;   // only if your code uses fastutil types, as MM1Simulation does
}
// README end
