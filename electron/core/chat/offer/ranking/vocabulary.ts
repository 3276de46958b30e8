/**
 * The word lists behind textTerms.ts. Synonym groups map every variant (English everyday words,
 * common abbreviations, German, French and Spanish) onto one canonical term; both tool texts and
 * user messages go through them, so the mapping is symmetric. Words are accent-free lowercase.
 */

/** Words that say nothing about which tool is meant, in English, German, French and Spanish. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a an the and or but if then than so to of in on at by for from with without into onto about
  as is are was were be been being am do does did doing have has had i me my mine you your we
  our us it its this that these those there here what which who whom whose when where why how
  can could would should will shall may might must please pls plz just also too very really
  some any all each every no not yes ok okay up down out over again now right let lets want
  need like tell give get got put see thing things something stuff one two three
  s t d m ll ve re don doesn didn isn aren wasn weren wouldn shouldn couldn haven hasn
  hi hello hey thanks thank thx cheers bye goodbye danke merci gracias hola bonjour hallo
  der die das den dem des ein eine einen einem einer und oder aber mit von zu im in ist sind
  bitte mir mich mein meine meinen ich du wie was wo wer welche welcher auf fur aus bei nach
  es sie er wir ihr uns dir dich noch schon auch
  le la les un une des et ou mais avec de du dans sur pour par est sont moi mon ma mes je tu
  vous nous il elle ce cette ces qui que quoi quel quelle comment ou sil
  el los las unos unas y o pero con del en por para es son yo mi mis tu que como cual donde
  quien hay me lo se al`.split(/\s+/),
);

/**
 * Chinese characters that are grammar, pronouns or politeness rather than content (的, 了, 你,
 * 请…): as single characters they would match any Chinese text.
 */
export const CJK_STOP_CHARS: ReadonlySet<string> = new Set(
  '的一是不了在人有我他她它这个们来上为和到以说要就会可也你对能而那得于着下自之过后里所么都没还好吗吧呢啊请给把被让己您帮',
);

/** Canonical term → variants. */
const GROUPS: Readonly<Record<string, string>> = {
  file: 'file files datei dateien fichier fichiers archivo archivos doc document documents',
  directory:
    'directory directories dir dirs folder folders ordner verzeichnis dossier dossiers carpeta carpetas repertoire',
  read: 'read reads open opens view views cat lies lesen lire leer lee ver',
  write:
    'write writes save saves store schreib schreiben speichern ecrire enregistrer escribir guardar',
  create:
    'create creates new make add erstelle erstellen neu neue neues cree creer crear crea nueva nuevo',
  delete:
    'delete deletes remove removes erase forget drop losche loschen entferne supprimer borrar eliminar',
  move: 'move moves rename renames mv verschiebe verschieben umbenennen deplacer renommer mover renombrar',
  search:
    'search searches find finds lookup look locate query suche suchen finde finden cherche chercher busca buscar encuentra recherche',
  list: 'list lists ls enumerate liste lista listar',
  edit: 'edit edits modify change changes replace fix update set andern aendern bearbeiten modifier cambiar',
  run: 'run runs execute exec launch start fuhre ausfuhren executer ejecuta ejecutar',
  command:
    'command commands cmd shell terminal befehl commande comando bash sh zsh powershell output stdout stderr grep wc ps kill df du npm pip apt brew sudo chmod chown curl systemctl service process processes port',
  sum: 'sum plus addition total',
  news: 'news headlines nouvelles noticias',
  message: 'message messages msg post nachricht nachrichten mensaje mensajes',
  send: 'send sends schick schicke senden envoyer envoie enviar envia',
  channel: 'channel channels chanel kanal canal chan',
  issue: 'issue issues ticket tickets bug bugs',
  pull: 'pull pr prs',
  merge: 'merge merges mr mrs',
  repository: 'repository repositories repo repos repositorio repositorios depot projekt',
  web: 'web internet online google googl net',
  browser: 'browser navigateur navegador',
  page: 'page pages webpage homepage site website seite pagina',
  screenshot: 'screenshot screenshots capture bildschirmfoto captura',
  image: 'image images picture pictures photo photos img bild imagen',
  coordinate:
    'coordinate coordinates lat lng latitude longitude gps koordinaten coordonnees coordenadas',
  address: 'address addresses adresse direccion street',
  direction: 'direction directions route routes way weg itineraire ruta llego llegar',
  navigate: 'navigate visit browse go goto url urls link links',
  hover: 'hover mouse mouseover',
  recent: 'recent lately latest last newest',
  say: 'say says said saying talk talking discuss',
  distance: 'distance distances far entfernung distancia',
  place: 'place places restaurant restaurants cafe shop shops business businesses',
  sql: 'sql database databases db datenbank datos table tables tabelle tabellen tabla row rows column columns',
  memory:
    'memory memories remember memorize recall knowledge merk merke gedachtnis memoire memoriser souviens memoria recuerda recordar',
  system: 'system computer machine pc laptop rechner ordinateur ordenador',
  disk: 'disk disks drive storage festplatte disque disco',
  install: 'install installs installiere instala instalar installer',
  type: 'type types typing enter tippe taper escribe',
  click: 'click clicks klick klicke clic cliquer press tap',
  tab: 'tab tabs onglet pestana',
  comment: 'comment comments kommentar commentaire comentario',
  review: 'review reviews approve approval',
  user: 'user users member members people person benutzer utilisateur usuario',
  elevation: 'elevation altitude height hohe sea',
  reaction: 'reaction reactions react emoji',
  thread: 'thread threads',
  step: 'step steps',
  think: 'think thinking reason reasoning thought thoughts',
  wait: 'wait waits warte attendre esperar until',
  key: 'key keys keyboard taste',
  close: 'close closes schliesse fermer cerrar',
  upload: 'upload uploads hochladen',
  compress: 'compress zip gzip komprimieren',
  commit: 'commit commits',
  fork: 'fork forks',
  branch: 'branch branches zweig rama',
  note: 'note notes notiz notizen',
  entity: 'entity entities',
  status: 'status state delayed delay late ontime retard retraso verspatet verspatung',
  time: 'time clock hour hours heure heures hora horas uhr zeit uhrzeit',
  article:
    'article articles paper papers study studies literature publication publications artikel etude estudio',
  chart: 'chart charts graph graphs plot plots diagram diagrams grafico graphique diagramm',
  pie: 'pie circular camembert kreisdiagramm tarta',
  weather: 'weather forecast rain wetter meteo clima tiempo',
  flight: 'flight flights flying fly airline airlines vuelo vuelos vol vols flug fluge',
  code: 'code snippet snippets script scripts program programs codigo',
  attraction:
    'attraction attractions sight sights sightseeing museum museums landmark landmarks monument monuments beach beaches',
  fetch:
    'fetch fetches retrieve retrieves download downloads grab scrape scrapes herunterladen telecharger descargar recuperar',
  itinerary: 'itinerary itineraries trip trips journey voyage viaje reise',
  bicycling:
    'bicycling bicycle bicycles bike bikes biking cycling cyclist velo fahrrad radfahren bicicleta',
  accommodation:
    'accommodation accommodations lodging cabin cabins apartment apartments villa rental rentals alojamiento logement hebergement unterkunft ferienwohnung',
  mute: 'mute mutes muting silence silenced snooze',
  week: 'week weeks kalenderwoche semaine semana',
  research: 'research investigate investigation investigacion forschung',
  namespace: 'namespace namespaces ns',
  workout: 'workout workouts gym',
  record: 'record records entry entries',
  retry: 'retry retries rerun reruns',
  // A field's type in a search index; its stem would be `map`.
  mapping: 'mapping mappings',
};

/** Shell words that name two ideas at once. */
const COMPOUNDS: Readonly<Record<string, string>> = {
  // "Show me X" asks to see one thing or a list of them.
  show: 'read list',
  shows: 'read list',
  montre: 'read list',
  zeig: 'read list',
  zeige: 'read list',
  mkdir: 'create directory',
  rmdir: 'delete directory',
  rm: 'delete file',
  cp: 'copy file',
};

/** Variant → canonical term (or terms, space-separated). */
export const SYNONYMS: ReadonlyMap<string, string> = new Map([
  ...byVariant(GROUPS),
  ...Object.entries(COMPOUNDS),
]);

/**
 * Chinese and Japanese words of the tool domains → the English words tool texts use. Found
 * inside a run of characters (these languages put no spaces between words), so a message matches
 * English tools as well as tools described in Chinese or Japanese.
 */
const CJK_GROUPS: Readonly<Record<string, string>> = {
  search: '搜索 搜一下 搜 查找 查询 查一下 找 検索 探して 探す 調べて',
  list: '列出 列表 一覧 リスト',
  read: '显示 查看 看看 打开 読んで 見せて 表示 開いて',
  create: '创建 新建 添加 作成 追加 新しい',
  delete: '删除 削除',
  edit: '修改 更新 変更 編集',
  send: '发送 发一封 送って 送信',
  run: '运行 执行 実行',
  file: '文件 ファイル',
  directory: '文件夹 目录 フォルダ',
  web: '网页 网上 谷歌 ウェブ グーグル',
  page: '页面 ページ',
  image: '图片 照片 画像 写真',
  video: '视频 動画',
  news: '新闻 ニュース',
  map: '地图 地図 マップ',
  'direction route': '路线 路径 怎么走 怎么坐 ルート 行き方 道順',
  driving: '开车 驾车 自驾 車で',
  walking: '走路 步行 徒歩 歩いて',
  transit: '公交 地铁 公共交通 電車',
  bicycling: '骑行 自行车 自転車',
  weather: '天气 天氣 下雨 天気',
  forecast: '预报 予報',
  address: '地址 住所',
  coordinate: '经纬度 坐标 座標 緯度 経度',
  place: '附近 周边 地方 餐厅 レストラン 近く',
  distance: '距离 多远 距離',
  time: '时间 几点 时区 時間 何時 時刻',
  chart: '图表 折线图 柱状图 饼图 グラフ チャート',
  line: '折线',
  bar: '柱状 棒グラフ',
  pie: '饼图 饼状图 円グラフ',
  email: '邮件 邮箱 メール',
  message: '消息 信息 メッセージ',
  code: '代码 程序 コード プログラム',
  python: 'パイソン',
  issue: '问题 工单 チケット 課題',
  task: '任务 タスク',
  project: '项目 プロジェクト',
  note: '笔记 ノート メモ',
  recipe: '菜谱 食谱 做法 怎么做 材料 レシピ 料理 作り方',
  meal: '吃什么 晚饭 午饭 早餐 ご飯 献立',
  recommend: '推荐 おすすめ',
  flight: '航班 飞机',
  status: '状态 到哪 遅れ 延误',
  workout: '训练 健身 锻炼 筋トレ トレーニング',
  log: '日志 ログ',
  pod: 'ポッド',
  namespace: '命名空间 名前空間',
  article: '文章 论文 研究 記事 論文',
  summary: '摘要 总结 要旨 要約',
  docs: '文档 ドキュメント',
  record: '记录 記録 レコード',
  table: '表格 テーブル',
  merge: '合并 マージ',
  request: '请求 リクエスト',
  repository: '仓库 リポジトリ',
  post: '帖子 投稿',
  price: '价格 値段',
  hotel: '酒店 住宿 民泊',
  trip: '旅行 行程',
  fetch: '取得 获取 抓取 下载 ダウンロード',
  extract: '抽出 提取',
  save: '保存',
  // Software, operations and data.
  branch: '分支 ブランチ',
  pipeline: '流水线 管道 パイプライン',
  commit: '提交 コミット',
  deployment: '部署 デプロイ',
  cluster: '集群 クラスタ',
  node: '节点 ノード',
  service: '服务 サービス',
  container: '容器 コンテナ',
  metric: '指标 监控指标 メトリクス 指標',
  alert: '告警 报警 アラート',
  monitor: '监控 監視 モニター',
  incident: '事故 故障 インシデント 障害',
  host: '主机 ホスト',
  dashboard: '仪表盘 看板 ダッシュボード',
  trace: '链路 追踪 トレース',
  latency: '延迟 延时 レイテンシ 遅延',
  error: '错误 报错 エラー',
  field: '字段 フィールド',
  column: '列名 カラム',
  index: '索引 インデックス',
  mapping: '映射 マッピング',
  query: '查询语句 クエリ',
  database: '数据库 データベース',
  comment: '评论 留言 备注 コメント',
  assign: '分配 指派 担当',
  due: '到期 截止 期限 締め切り',
  milestone: '里程碑 マイルストーン',
  release: '发布 发版 リリース',
  history: '历史 履歴 推移',
  routine: '训练计划 ルーティン',
  exercise: '动作 種目 エクササイズ',
  week: '星期 周数 第几周 何週目 週番号',
  library: '类库 函数库 ライブラリ',
  api: '接口',
  booking: '预订 预定 予約',
  accommodation: '住处 民宿 宿泊 宿',
  aircraft: '机型 機材 機体',
  airport: '机场 空港',
};

export const CJK_SYNONYMS: ReadonlyMap<string, string> = new Map(byVariant(CJK_GROUPS));

/**
 * Names of well-known services as Chinese and Japanese write them → the name servers use, so
 * "用谷歌搜一下" names a server called google… as "google it" does.
 */
const CJK_NAME_GROUPS: Readonly<Record<string, string>> = {
  google: '谷歌 グーグル',
  // Not 苹果: it is the fruit as often as the company.
  apple: 'アップル',
  microsoft: '微软 微軟 マイクロソフト',
  amazon: '亚马逊 亞馬遜 アマゾン',
  twitter: '推特 ツイッター',
  wikipedia: '维基百科 維基百科 ウィキペディア',
  youtube: '油管 ユーチューブ',
  slack: 'スラック',
  notion: 'ノーション',
};

export const CJK_NAMES: ReadonlyMap<string, string> = new Map(byVariant(CJK_NAME_GROUPS));

/** A table of groups (canonical → space-separated variants) as variant → canonical pairs. */
function byVariant(groups: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(groups).flatMap(([canonical, variants]) =>
    variants
      .trim()
      .split(/\s+/)
      .map((variant): [string, string] => [variant, canonical]),
  );
}
