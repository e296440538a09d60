// RED where Click's decisions do not depend on its random numbers (MAX_P 1 with
// MIN_THRESH = MAX_THRESH: a packet is dropped exactly when the average exceeds the
// threshold): in push context in front of a queue it finds downstream, in pull context behind
// a queue it finds upstream (STABILITY 0: the instantaneous length), and with QUEUES naming
// two queues. Dropped packets go to captures. Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP false) -> t :: Tee(3);
t[0] -> r :: RED(10, 10, 1) -> q :: Queue(1000) -> Unqueue(ACTIVE false) -> Discard;
r[1] -> ToDump($OUT/push_drops.pcap);
t[1] -> qa :: Queue(5000) -> pr :: RED(20, 20, 1, STABILITY 0) -> u :: Unqueue(ACTIVE false, LIMIT 100) -> Discard;
pr[1] -> pd :: Counter -> ToDump($OUT/pull_drops.pcap);
t[2] -> rq :: RED(30, 30, 1, QUEUES qa qx, STABILITY 3) -> qx :: SimpleQueue(500) -> Unqueue(ACTIVE false) -> Discard;
DriverManager(wait 0.3s,
  print $(r.drops) $(q.length) $(r.avg_queue_size) $(rq.drops) $(rq.avg_queue_size),
  print $(r.stats),
  print $(rq.queues), print $(rq.config), print $(pr.config), print $(r.min_thresh) $(r.max_thresh) $(r.max_p),
  write u.active true, wait 0.2s,
  print $(pr.drops) $(pd.count) $(qa.length) $(pr.avg_queue_size),
  stop);
