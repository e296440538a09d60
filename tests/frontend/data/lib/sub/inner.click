elementclass Inner { input -> Strip(2) -> output }
