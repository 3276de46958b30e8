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
  der die das den dem des ein eine einen einem einer und oder aber mit von zu im in ist sind
  bitte mir mich mein meine meinen ich du wie was wo wer welche welcher auf fur aus bei nach
  es sie er wir ihr uns dir dich noch schon auch
  le la les un une des et ou mais avec de du dans sur pour par est sont moi mon ma mes je tu
  vous nous il elle ce cette ces qui que quoi quel quelle comment ou sil
  el los las unos unas y o pero con del en por para es son yo mi mis tu que como cual donde
  quien hay me lo se al`.split(/\s+/),
);

/** Canonical term → variants. */
const GROUPS: Readonly<Record<string, string>> = {
  file: 'file files datei dateien fichier fichiers archivo archivos doc document documents',
  directory:
    'directory directories dir dirs folder folders ordner verzeichnis dossier dossiers carpeta carpetas repertoire',
  read: 'read reads open opens view views show cat lies lesen lire leer lee ver montre zeig zeige',
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
  edit: 'edit edits modify change changes replace fix update andern aendern bearbeiten modifier cambiar',
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
  navigate: 'navigate visit browse go goto url link links',
  hover: 'hover mouse mouseover',
  recent: 'recent lately latest last newest',
  say: 'say says said saying talk talking discuss',
  distance: 'distance distances far entfernung distancia',
  place: 'place places restaurant restaurants cafe shop shops business businesses',
  sql: 'sql database databases db datenbank datos table tables tabelle tabellen tabla row rows column columns',
  memory:
    'memory memories remember memorize recall knowledge merk merke gedachtnis memoire memoriser souviens memoria recuerda recordar',
  system: 'system computer machine pc laptop rechner ordinateur ordenador box',
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
};

/** Shell words that name two ideas at once. */
const COMPOUNDS: Readonly<Record<string, string>> = {
  mkdir: 'create directory',
  rmdir: 'delete directory',
  rm: 'delete file',
  cp: 'copy file',
};

/** Variant → canonical term (or terms, space-separated). */
export const SYNONYMS: ReadonlyMap<string, string> = new Map([
  ...Object.entries(GROUPS).flatMap(([canonical, variants]) =>
    variants
      .trim()
      .split(/\s+/)
      .map((variant) => [variant, canonical] as const),
  ),
  ...Object.entries(COMPOUNDS),
]);
