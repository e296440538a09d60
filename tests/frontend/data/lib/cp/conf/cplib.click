elementclass CP { input -> Counter -> output }
