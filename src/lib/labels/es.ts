import { defineLabels } from './define';
import { EN } from './en';

defineLabels('es', {
  ...EN,
  close: 'Cerrar (Esc)',
  loading: 'Cargando...',
  previous: 'Anterior (flecha izquierda)',
  next: 'Siguiente (flecha derecha)',
  counter: '%curr% de %total%',
  imageError: 'No se pudo cargar la imagen.',
  ajaxError: 'No se pudo cargar el contenido.',
  notFound: 'Contenido no encontrado',
  required: 'Este campo es obligatorio',
  pattern: 'Use el formato solicitado',
  carousel: 'Carrusel',
  slide: '%curr% de %total%',
  previousSlide: 'Diapositiva anterior',
  nextSlide: 'Diapositiva siguiente',
  table: 'Tabla',
  downloadError: 'No se pudieron descargar los archivos.',
  tooManyFiles: 'Solo se incluyen los primeros %max% de los %count% archivos elegidos.',
  newWindow: '(se abre en una ventana nueva)',
  pause: 'Pausa',
  play: 'Reproducir',
  results: '%count% resultados',
  retry: 'Reintentar',
  chooseDate: 'Elegir fecha',
});
